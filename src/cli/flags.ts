import { InputError } from '../core/errors.js';

/** The arguments before a lone `--` (after it everything belongs to another program). */
function flagPart(args: readonly string[]): number {
  const end = args.indexOf('--');
  return end < 0 ? args.length : end;
}

/**
 * A lone `-` as a positional (`parlor replay -`), which yargs would drop: it stands in for `-`
 * during the parse and is turned back by {@link restoreStdin}.
 */
const STDIN_WORD = '\u0000stdin';

/**
 * `--input -` as `--input=-`, and `--shard -1/2` as `--shard=-1/2`: yargs takes a lone `-` for a
 * positional and `-1/2` for short flags, but parlor has neither, every flag that reads a file
 * documents `-` for standard input, and a value that starts with a minus deserves its own message.
 * A positional `-` is kept through the parse as {@link STDIN_WORD}.
 */
export function glueDashValues(args: readonly string[]): string[] {
  const end = flagPart(args);
  const glued: string[] = [];
  for (let i = 0; i < end; i++) {
    const token = args[i]!;
    const next = args[i + 1];
    if (token.startsWith('--') && !token.includes('=') && i + 1 < end && next !== undefined && (next === '-' || /^-\d/.test(next))) {
      glued.push(`${token}=${next}`);
      i++;
    } else glued.push(token === '-' ? STDIN_WORD : token);
  }
  return [...glued, ...args.slice(end)];
}

/** Turns the parse's stand-ins for a positional `-` back into `-`, in place. */
export function restoreStdin(argv: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(argv)) {
    if (value === STDIN_WORD) argv[key] = '-';
    else if (Array.isArray(value)) argv[key] = value.map((v) => (v === STDIN_WORD ? '-' : v));
  }
}

/** The flags meant to be given more than once: each gives one more value. */
const REPEATABLE = new Set(['set', 'allow-origin']);

/**
 * Refuses a flag given twice (yargs would glue the values: `--bots a --bots b` became "a,b"), except
 * the ones meant to repeat.
 */
export function checkRepeats(args: readonly string[]): void {
  const seen = new Set<string>();
  for (const token of args.slice(0, flagPart(args))) {
    if (!token.startsWith('--') || token === '--') continue;
    const name = token.slice(2).split('=')[0]!.replace(/^no-/, '');
    if (REPEATABLE.has(name)) continue;
    if (seen.has(name)) throw new InputError(`--${name} was given twice: give it once (only ${[...REPEATABLE].map((f) => `--${f}`).join(' and ')} repeat)`);
    seen.add(name);
  }
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
