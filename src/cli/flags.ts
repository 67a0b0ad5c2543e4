import { InputError } from '../core/errors.js';

/** The arguments before a lone `--` (after it everything belongs to another program). */
function flagPart(args: readonly string[]): number {
  const end = args.indexOf('--');
  return end < 0 ? args.length : end;
}

/**
 * `--input -` as `--input=-`: yargs takes a lone `-` for a positional, but parlor has no
 * positional `-`, and every flag that reads a file documents `-` for standard input.
 */
export function glueDashValues(args: readonly string[]): string[] {
  const end = flagPart(args);
  const glued: string[] = [];
  for (let i = 0; i < end; i++) {
    const token = args[i]!;
    if (token.startsWith('--') && !token.includes('=') && args[i + 1] === '-' && i + 1 < end) {
      glued.push(`${token}=-`);
      i++;
    } else glued.push(token);
  }
  return [...glued, ...args.slice(end)];
}

/**
 * Refuses, quoting what was typed, what yargs would silently accept: a number flag that is not a
 * number (yargs gives NaN) and a flag that takes a value given without one (yargs gives its default
 * or ""). Booleans (`--no-x` too) and unknown flags are left to yargs.
 */
export function checkFlagValues(args: readonly string[], argv: Record<string, unknown>): void {
  const end = flagPart(args);
  for (let i = 0; i < end; i++) {
    const token = args[i]!;
    if (!token.startsWith('--')) continue;
    const equals = token.indexOf('=');
    const name = token.slice(2, equals < 0 ? undefined : equals);
    const value = argv[name];
    if (!(name in argv) || typeof value === 'boolean') continue;
    const next = args[i + 1];
    const typed = equals >= 0 ? token.slice(equals + 1) : i + 1 < end && next !== undefined && !next.startsWith('--') ? next : '';
    if (typed === '') throw new InputError(`--${name} was given without a value: expected --${name} <value>`);
    if (typeof value === 'number' && Number.isNaN(value)) throw new InputError(`--${name} ${typed}: expected a number`);
  }
}

/**
 * The command-line words that give a command the values `args` holds for the flags named in
 * `options`: a repeated flag per array item, a true boolean alone, a false one and an unset flag left out.
 */
export function flagWords(args: Readonly<Record<string, unknown>>, options: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(options).flatMap((name) => {
    const value = args[name];
    if (value === undefined || value === false) return [];
    if (value === true) return [`--${name}`];
    return (Array.isArray(value) ? value : [value]).flatMap((item) => [`--${name}`, String(item)]);
  });
}
