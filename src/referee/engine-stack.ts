/** Where the referee's frames are, and the folder to cut from their paths. */
export interface Location {
  readonly refereeUrl: string;
  readonly refereePath: string;
  readonly rootUrl: string;
  readonly rootPath: string;
}

/**
 * The folder of `moduleUrl` (a module of this folder), as the frames of a stack name it: a file URL
 * (ES modules) or a path (the test runner), and parlor's folder, the one holding src/ (or dist/src/)
 * with this folder in it. The path is the URL's, decoded, not node:url's fileURLToPath: the referee
 * also runs in a browser (the exported bots), where no node: module may be imported and a bundle's
 * module has no URL to resolve from; there, null: stacks are kept whole.
 */
export function locate(moduleUrl: string): Location | null {
  let refereeUrl: string;
  try {
    refereeUrl = new URL('.', moduleUrl).href;
  } catch {
    return null;
  }
  const refereePath = decodeURIComponent(new URL(refereeUrl).pathname);
  const rootPath = refereePath.replace(/(dist\/)?src\/referee\/$/, '');
  return { refereeUrl, refereePath, rootPath, rootUrl: new URL(`file://${rootPath}`).href };
}

/** This module's own folder, null where stacks are kept whole. */
const here = locate(import.meta.url);

/**
 * An engine error's stack as a record and an outcome line keep it: the frames from the throw down
 * to the first of the referee's, the one that called the game. The frames below it are the
 * driver's (a worker's task, the main thread, a test), which differ with how the game was run and
 * say nothing about the bug: cut there, a run's files stay the same bytes whatever the number of
 * workers. Paths are relative to parlor's folder, so that shards played on other hosts agree too.
 * Undefined for a thrown value that is not an Error, which has no stack, and for an error the
 * referee raised itself (the step limit, a seat with no legal action): its message says it all,
 * and its frames would only tell which of the referee's drivers played the game. `located`: this
 * folder's, unless a test names another.
 */
export function engineStackOf(error: unknown, located: Location | null = here): string | undefined {
  if (!(error instanceof Error) || typeof error.stack !== 'string') return undefined;
  if (located === null) return error.stack;
  const { refereeUrl, refereePath, rootUrl, rootPath } = located;
  const lines = error.stack.split('\n');
  const referee = lines.findIndex((line) => /^\s+at /.test(line) && (line.includes(refereeUrl) || line.includes(refereePath)));
  if (referee !== -1 && !lines.slice(1, referee).some((line) => /^\s+at /.test(line))) return undefined;
  const kept = referee === -1 ? lines : lines.slice(0, referee + 1);
  return kept.map((line) => line.split(rootUrl).join('').split(rootPath).join('')).join('\n');
}
