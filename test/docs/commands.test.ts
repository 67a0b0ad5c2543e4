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

/**
 * The words of a shell line after `parlor` (`npx parlor`, `$ npx parlor`), as a shell would pass them:
 * variables set earlier in the block substituted (others, like a loop's, stand for 1), a command
 * substitution for one word, and the words up to the first redirect, pipe or comment.
 */
function parlorWords(line: string, vars: Readonly<Record<string, string>> = {}): string[] | null {
  const expanded = line
    .replace(/^\$ /, '')
    .replace(/\$\([^)]*\)/g, 'word')
    .replace(/\$\{?(\w+)\}?/g, (_, name: string) => vars[name] ?? '1');
  const words: string[] = [];
  for (const token of parse(expanded)) {
    if (typeof token !== 'string') break;
    words.push(token);
  }
  const at = words[0] === 'npx' ? 1 : 0;
  return words[at] === 'parlor' ? words.slice(at + 1) : null;
}

/** A block's logical lines (continuations joined), each with the variables assigned above it. */
function shellLines(lines: readonly string[]): { text: string; offset: number; vars: Record<string, string> }[] {
  const out: { text: string; offset: number; vars: Record<string, string> }[] = [];
  const vars: Record<string, string> = {};
  for (let i = 0; i < lines.length; i++) {
    const offset = i;
    let text = lines[i]!.trim();
    while (text.endsWith('\\') && i + 1 < lines.length) text = `${text.slice(0, -1)} ${lines[++i]!.trim()}`;
    const assignment = /^(\w+)=(["'])(.*)\2$/.exec(text);
    if (assignment !== null) vars[assignment[1]!] = assignment[3]!;
    out.push({ text, offset, vars: { ...vars } });
  }
  return out;
}

/** Blocks of commands to type; `text` and `json` blocks hold a program's output (docs/results), not commands. */
const TYPED = new Set(['', 'sh', 'bash', 'console']);

const commandLines = docPages().flatMap((page) =>
  codeBlocks(readPage(page))
    .filter((block) => TYPED.has(block.lang))
    .flatMap((block) =>
      shellLines(block.lines)
        .filter(({ text }) => /^(\$ )?(npx )?parlor /.test(text))
        .map(({ text, offset, vars }) => ({ page, line: block.line + offset, text, vars })),
    ),
);

describe('command lines in the docs', () => {
  test('there are some to check', () => {
    expect(commandLines.length).toBeGreaterThan(20);
  });

  test.each(commandLines.map((c) => [`${c.page}:${c.line}`, c.text, c.vars] as const))('%s parses: %s', async (_, text, vars) => {
    expect(await parseOnly(parlorWords(text, vars)!)).toBeNull();
  });

  test('lines are read as a shell reads them', () => {
    const [set, use] = shellLines(['flags="--game yahtzee --bots greedy"', 'parlor run $flags \\', '  --games 3 > out.txt # a comment']);
    expect(parlorWords(use!.text, use!.vars)).toEqual(['run', '--game', 'yahtzee', '--bots', 'greedy', '--games', '3']);
    expect(set!.text).toBe('flags="--game yahtzee --bots greedy"');
    expect(parlorWords('npx parlor merge $(seq 1 4) --out r')).toEqual(['merge', 'word', '--out', 'r']);
  });

  test('a line the parser refuses is caught', async () => {
    expect(await parseOnly(parlorWords('npx parlor run --game yahtzee --bots greedy --no-such-flag 3')!)).toMatch(/unknown argument/);
    expect(await parseOnly(parlorWords('npx parlor nope')!)).toMatch(/unknown command|name a command/);
  });
});
