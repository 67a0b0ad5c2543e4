import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * The tests are type-checked like the code they test (strict, no unchecked index): vitest strips
 * types without checking them, so a call to a method that does not exist passed for months. The
 * source itself is checked by every build (`npm ci` compiles it); `npm run typecheck` runs all of
 * it. The browser tests get the DOM library in a tsconfig of their own; the others must not use it.
 */
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe('the tests type-check', () => {
  it.each(['test/tsconfig.json', 'test/tsconfig.browser.json'])('tsc -p %s finds no error', (project) => {
    const run = spawnSync(process.execPath, [TSC, '-p', project], { encoding: 'utf8' });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 180_000);
});
