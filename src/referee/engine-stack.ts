import { fileURLToPath } from 'node:url';

/** This folder, as the frames of a stack name it: a file URL (ES modules) or a path (the test runner). */
const REFEREE_URL = new URL('.', import.meta.url).href;
const REFEREE_PATH = fileURLToPath(REFEREE_URL);
/** parlor's folder: the one holding src/ (or dist/src/) with this folder in it. */
const ROOT_PATH = REFEREE_PATH.replace(/(dist\/)?src\/referee\/$/, '');
const ROOT_URL = new URL(`file://${ROOT_PATH}`).href;

/**
 * An engine error's stack as a record and an outcome line keep it: the frames from the throw down
 * to the first of the referee's, the one that called the game. The frames below it are the
 * driver's (a worker's task, the main thread, a test), which differ with how the game was run and
 * say nothing about the bug: cut there, a run's files stay the same bytes whatever the number of
 * workers. Paths are relative to parlor's folder, so that shards played on other hosts agree too.
 * Undefined for a thrown value that is not an Error, which has no stack, and for an error the
 * referee raised itself (the step limit, a seat with no legal action): its message says it all,
 * and its frames would only tell which of the referee's drivers played the game.
 */
export function engineStackOf(error: unknown): string | undefined {
  if (!(error instanceof Error) || typeof error.stack !== 'string') return undefined;
  const lines = error.stack.split('\n');
  const referee = lines.findIndex((line) => /^\s+at /.test(line) && (line.includes(REFEREE_URL) || line.includes(REFEREE_PATH)));
  if (referee !== -1 && !lines.slice(1, referee).some((line) => /^\s+at /.test(line))) return undefined;
  const kept = referee === -1 ? lines : lines.slice(0, referee + 1);
  return kept.map((line) => line.split(ROOT_URL).join('').split(ROOT_PATH).join('')).join('\n');
}
