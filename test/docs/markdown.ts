import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** README.md and every page under docs/, as paths relative to the repository's root. */
export function docPages(): string[] {
  const pages = ['README.md'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(relative('.', path));
    }
  };
  walk('docs');
  return pages;
}

export function readPage(page: string): string {
  return readFileSync(join(ROOT, page), 'utf8');
}

export interface CodeBlock {
  /** The fence's info string: `sh`, `console`, `js`, or empty. */
  readonly lang: string;
  /** The line of the page (1-based) that holds the block's first line. */
  readonly line: number;
  readonly lines: readonly string[];
}

/** The fenced code blocks of a page. */
export function codeBlocks(text: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let open: { lang: string; line: number; lines: string[] } | null = null;
  text.split('\n').forEach((line, i) => {
    if (line.startsWith('```')) {
      if (open === null) open = { lang: line.slice(3).trim(), line: i + 2, lines: [] };
      else {
        blocks.push(open);
        open = null;
      }
    } else open?.lines.push(line);
  });
  return blocks;
}

/** A page's library example: the js block after its `<!-- library-example -->` marker. */
export function libraryExample(page: string): string {
  const block = /<!-- library-example -->\n```js\n([\s\S]*?)```/.exec(readPage(page));
  if (block === null) throw new Error(`${page} has no js block after <!-- library-example -->`);
  return block[1]!;
}
