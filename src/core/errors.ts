/**
 * A move the rules forbid. `message` is the specification's sentence, verbatim; the game state is
 * unchanged when a RuleError is thrown, so the same player may simply try again.
 */
export class RuleError extends Error {
  override readonly name = 'RuleError';

  constructor(
    message: string,
    /** What was tried and, where it helps, what is allowed instead. */
    readonly details?: { readonly action?: unknown; readonly allowed?: string },
  ) {
    super(message);
  }
}

/**
 * A user's mistake outside the rules: a bad flag, config value, fixture or record. The CLI prints
 * its message as one line and exits non-zero, never a stack trace.
 */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** zod's issues as one readable line: "series: expected a number >= 1 (and 2 more problems)". */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  // The first problem only: a file of the wrong kind has hundreds, and one line must stay readable.
  const first = issues[0];
  if (first === undefined) return 'invalid';
  const said = first.path.length > 0 ? `${first.path.map(String).join('.')}: ${first.message}` : first.message;
  return issues.length > 1 ? `${said} (and ${issues.length - 1} more ${issues.length === 2 ? 'problem' : 'problems'})` : said;
}

/** A thrown value as a record's fault detail or engine error. */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * A write that found the disk (or the user's quota) full: neither parlor's bug nor the user's
 * mistake, so the CLI says it in one line naming the file, with no stack trace.
 */
export class DiskFullError extends Error {
  override readonly name = 'DiskFullError';
}

/**
 * A failed write as a DiskFullError naming its file (the error's own path, else `file`) and what
 * to do next, or null when the disk was not full.
 */
export function diskFull(error: unknown, file: string, next = ''): DiskFullError | null {
  const { code, path } = (error ?? {}) as { code?: string; path?: string };
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return null;
  return new DiskFullError(`cannot write ${path ?? file}: no space left on the device (${code})${next}`);
}
