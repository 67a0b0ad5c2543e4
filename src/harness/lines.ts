import { closeSync, openSync, readSync } from 'node:fs';

/** The lines of a file, read in 1 MB chunks so a file of millions of games never sits in memory. */
export function* readLines(path: string): Generator<string> {
  const fd = openSync(path, 'r');
  const buffer = Buffer.allocUnsafe(1 << 20);
  let rest = '';
  try {
    let read: number;
    while ((read = readSync(fd, buffer, 0, buffer.length, null)) > 0) {
      const text = rest + buffer.toString('utf8', 0, read);
      const lines = text.split('\n');
      rest = lines.pop()!;
      yield* lines;
    }
    if (rest !== '') yield rest;
  } finally {
    closeSync(fd);
  }
}
