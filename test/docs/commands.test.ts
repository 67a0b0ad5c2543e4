import { parse } from 'shell-quote';
import { describe, expect, test } from 'vitest';
import { parlorParser } from '../../src/cli/parser.js';
import { codeBlocks, docPages, readPage } from './markdown.js';

/** Thrown by a middleware that runs after yargs has validated the command line, before any handler. */
class Parsed extends Error {}

/** What the CLI's own parser says of `args`, without running the command: null when it accepts them. */
async function parseOnly(args: string[]): Promise<string | null> {
  const refusal = (message: string, error: unknown): never => {
    throw error instanceof Parsed ? error : new Error(message || String(error));
  };
  try {
    await parlorParser(args, refusal)
      .middleware(() => {
        throw new Parsed();
      })
      .parseAsync();
    return 'the command ran instead of stopping after the parse';
  } catch (error) {
    return error instanceof Parsed ? null : (error as Error).message;
  }
}

/** The words of a shell line after `parlor` (`npx parlor`, `$ npx parlor`), comments dropped. */
function parlorWords(line: string): string[] | null {
  const words = parse(line.replace(/^\$ /, '')).filter((w): w is string => typeof w === 'string');
  const at = words[0] === 'npx' ? 1 : 0;
  return words[at] === 'parlor' ? words.slice(at + 1) : null;
}

const commandLines = docPages().flatMap((page) =>
  codeBlocks(readPage(page)).flatMap((block) =>
    block.lines
      .map((line, i) => ({ page, line: block.line + i, text: line.trim() }))
      .filter(({ text }) => /^(\$ )?(npx )?parlor /.test(text)),
  ),
);

describe('command lines in the docs', () => {
  test('there are some to check', () => {
    expect(commandLines.length).toBeGreaterThan(20);
  });

  test.each(commandLines.map((c) => [`${c.page}:${c.line}`, c.text]))('%s parses: %s', async (_, text) => {
    expect(await parseOnly(parlorWords(text)!)).toBeNull();
  });

  test('a line the parser refuses is caught', async () => {
    expect(await parseOnly(parlorWords('npx parlor run --game yahtzee --bots greedy --no-such-flag 3')!)).toMatch(/unknown argument/);
    expect(await parseOnly(parlorWords('npx parlor nope')!)).toMatch(/unknown command|name a command/);
  });
});
