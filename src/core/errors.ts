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

/** zod's issues as one readable line: "series: expected a number >= 1; names: ..." */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** A thrown value as a record's fault detail or engine error. */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
