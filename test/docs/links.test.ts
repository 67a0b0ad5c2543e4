import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { codeBlocks, docPages, readPage, ROOT } from './markdown.js';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(page: string): Set<string> {
  const inCode = new Set(codeBlocks(readPage(page)).flatMap((b) => b.lines));
  const headings = readPage(page)
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line) && !inCode.has(line))
    .map((line) => anchor(line.replace(/^#+ /, '')));
  return new Set(headings);
}

/** The relative links of a page's text, outside code blocks. */
function relativeLinks(page: string): string[] {
  const text = readPage(page);
  const code = new Set(codeBlocks(text).flatMap((b) => b.lines));
  const prose = text.split('\n').filter((line) => !code.has(line)).join('\n');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('links in README.md and docs/', () => {
  test.each(docPages())('every relative link of %s resolves', (page) => {
    const broken: string[] = [];
    for (const link of relativeLinks(page)) {
      const [path, hash] = link.split('#') as [string, string | undefined];
      const target = path === '' ? page : join(dirname(page), path);
      if (!existsSync(join(ROOT, target))) broken.push(`${link}: no file ${target}`);
      else if (hash !== undefined && target.endsWith('.md') && statSync(join(ROOT, target)).isFile() && !anchorsOf(target).has(hash)) {
        broken.push(`${link}: ${target} has no heading #${hash}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('the README stays one screen or two (at most 250 lines)', () => {
    expect(readPage('README.md').split('\n').length).toBeLessThanOrEqual(250);
  });
});
