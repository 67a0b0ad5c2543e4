import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { packageRoot, provenance, provenanceAt } from '../../src/harness/provenance.js';
import { buildSummary } from '../../src/report/summary.js';
import { emptyTally } from '../../src/harness/tally.js';
import { raceSpec } from './support/run.js';

describe('the parlor that wrote a summary', () => {
  test('from this checkout: the package version and the commit git names', () => {
    const root = packageRoot();
    const head = execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
    expect(provenance()).toMatchObject({ version, commit: head });
    const summary = buildSummary(raceSpec(), emptyTally(3, 3), { seconds: 0, gamesPerSecond: 0, workers: 1 });
    expect(summary.parlor).toEqual(provenance());
  });

  test('outside a git checkout: no commit', () => {
    const root = mkdtempSync(join(tmpdir(), 'parlor-installed-'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'parlor', version: '9.8.7' }));
    expect(provenanceAt(root)).toEqual({ version: '9.8.7', commit: null, modified: false });
  });
});
