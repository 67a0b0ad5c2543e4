import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { parlorParsed } from '../support/cli.js';

/** `parlor clue`'s commands refuse what they cannot use in one line, in the parser's words. */
const fifo = join(mkdtempSync(join(tmpdir(), 'parlor-clue-commands-')), 'fifo.json');
execFileSync('mkfifo', [fifo]);

test.each([
  [['clue'], 'name a clue command: notebook or cards'],
  [['clue', 'notebook'], 'parlor clue notebook needs --input: expected --input <file>'],
  [['clue', 'notebook', '--input', fifo], `cannot read --input ${fifo}: it is a FIFO (named pipe), not a file`],
])('%j is refused in one line', async (args, message) => {
  const { error, stdout } = await parlorParsed(...args);
  expect(error).toBe(message);
  expect(stdout).toBe('');
});
