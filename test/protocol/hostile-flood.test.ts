import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { hostile, parlorChild } from './hostile-support.js';

/**
 * `parlor play` of a Yahtzee game between `first` and a bot that thinks 2 s over its first move
 * (while `first`, who rolls for the order first, may write what it likes): the process's peak
 * memory, and the faults its record holds.
 */
async function playAgainst(first: string): Promise<{ maxRssMb: number; faults: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-flood-'));
  const bots = join(dir, 'bots.json');
  writeFileSync(bots, JSON.stringify([{ cmd: first, label: 'first' }, { cmd: hostile('slow', 2), label: 'slow', moveMs: 6000 }]));
  const record = join(dir, 'game.json');
  const run = await parlorChild(['play', '--game', 'yahtzee', '--set', 'series=1', '--bots', bots, '--seed', 'flood', '--record', record, '--json']);
  expect(run.status, run.stderr).toBe(0);
  const { steps } = JSON.parse(readFileSync(record, 'utf8')) as { steps: { forfeit?: string; detail?: string }[] };
  return { maxRssMb: run.maxRssMb, faults: steps.filter((s) => s.forfeit !== undefined).map((s) => `${s.forfeit}: ${s.detail}`) };
}

test('a bot that floods stdout while its opponent thinks is ended and faulted, and parlor’s memory stays flat', async () => {
  // The same run with a bot that plays quietly, at the same time: the flood must cost parlor no memory beyond noise.
  const [quiet, flooding] = await Promise.all([playAgainst(hostile('plain')), playAgainst(hostile('flood'))]);
  expect(quiet.faults).toEqual([]);
  expect(flooding.faults).toHaveLength(1);
  expect(flooding.faults[0]).toMatch(/^malformed: wrote \d+ bytes while not asked$/);
  expect(flooding.maxRssMb - quiet.maxRssMb, `${flooding.maxRssMb} MB with the flood, ${quiet.maxRssMb} MB without`).toBeLessThan(100);
});
