/**
 * The benches' command lines: `--name value` options, `--flag` switches and bare words, read
 * plainly (benches are developer tools; the CLI's validation lives in src/cli).
 */
const args = process.argv.slice(2);

export function textOption(name: string, fallback: string): string {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1]! : fallback;
}

export function numberOption(name: string, fallback: number): number {
  return Number(textOption(name, String(fallback)));
}

export function hasFlag(name: string): boolean {
  return args.includes(`--${name}`);
}

/**
 * The words that are neither options nor their values: the parts of a bench to run (when none, all
 * but the `onlyWhenNamed` ones, too long to run unasked).
 */
export function wantedParts(onlyWhenNamed: readonly string[] = []): (name: string) => boolean {
  const chosen = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  return (name) => (chosen.length === 0 ? !onlyWhenNamed.includes(name) : chosen.includes(name));
}
