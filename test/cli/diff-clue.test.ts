import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { DiffSummary } from '../../src/report/diff-summary.js';
import { tempDir } from '../harness/support/run.js';
import { parlor } from '../support/cli.js';

/**
 * The case: two Clue runs of one seed, one with a rule changed by --set (no rebuild). maxTurns
 * caps a game that runs long into a draw; placings plays on after the first correct accusation.
 */
const clue = ['--game', 'clue', '--bots', 'checklist,deduction,random', '--games', '45', '--seed', 'diff-clue', '--workers', '1', '--quiet', '--record', 'all'];
const dirs: Record<string, string> = {};

beforeAll(async () => {
  const root = tempDir('parlor-diff-clue-');
  for (const [name, set] of [['base', []], ['capped', ['--set', 'maxTurns=30']], ['placings', ['--set', 'placings=true']]] as const) {
    dirs[name] = join(root, name);
    await parlor('run', ...clue, ...set, '--out', dirs[name]);
  }
}, 120_000);

const lines = (dir: string): Record<string, unknown>[] => readFileSync(join(dir, 'outcomes.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));

describe('parlor diff of two Clue runs, one with a rule changed by --set', () => {
  test('per entrant and per seat paired differences, capped games, winner changes apart from length-only ones', async () => {
    const out = join(tempDir('parlor-diff-clue-'), 'report');
    const { stdout } = await parlor('diff', dirs['base']!, dirs['capped']!, '--out', out, '--json');
    const diff = JSON.parse(stdout) as DiffSummary;
    expect(diff.differences).toEqual([{ field: 'config.maxTurns', a: 1000, b: 30 }]);
    expect(diff.paired).toMatchObject({ games: 45, blocks: 15, by: 'block', pairs: 15 });
    // Every entrant and every seat: both runs' win rates and B − A with a 95% interval paired by deal.
    expect(diff.entrants.map((e) => e.bot)).toEqual(['checklist', 'deduction', 'random']);
    for (const row of [...diff.entrants.map((e) => e.winRate), ...diff.seats.map((s) => s.winRate)]) {
      expect(row.ci95).not.toBeNull();
      expect(row.ci95![0]).toBeLessThanOrEqual(row.diff!);
      expect(row.ci95![1]).toBeGreaterThanOrEqual(row.diff!);
    }
    expect(diff.seats).toHaveLength(3);
    // The capped games, counted from the outcome lines: in B only, each a draw, and each a change of winner.
    const [a, b] = [lines(dirs['base']!), lines(dirs['capped']!)];
    const capped = b.filter((o) => o['capped'] === true).length;
    expect(capped).toBeGreaterThan(0);
    expect(diff.endings.capped).toEqual({ a: 0, b: capped, onlyA: 0, onlyB: capped });
    expect(diff.endings.drawn.onlyB).toBe(capped);
    const winner = a.filter((o, i) => JSON.stringify(o['winners']) !== JSON.stringify(b[i]!['winners'])).length;
    const lengthOnly = a.filter((o, i) => JSON.stringify({ ...o, steps: 0 }) === JSON.stringify({ ...b[i]!, steps: 0 }) && o['steps'] !== b[i]!['steps']).length;
    expect(diff.games.winner).toBe(winner);
    expect(diff.games.length).toBe(lengthOnly);
    expect(diff.games.winner + diff.games.length + diff.games.outcome + diff.games.same).toBe(45);
    // Both runs kept every record: each listed game can be seen in both, and the metrics are paired.
    expect(diff.games.listed[0]!.view).toEqual([`npx parlor view ${dirs['base']}/records.jsonl --game-index ${diff.games.listed[0]!.game}`, `npx parlor view ${dirs['capped']}/records.jsonl --game-index ${diff.games.listed[0]!.game}`]);
    expect(diff.metrics.paired).toBe(true);
    expect(diff.length.turns!.ci95).not.toBeNull();
    expect(diff.length.steps.diff!).toBeLessThan(0);
    expect(JSON.parse(readFileSync(join(out, 'diff.json'), 'utf8'))).toEqual(diff);
  });

  test('the console: the tables and the changed games at a glance; diff.md and diff.html beside diff.json', async () => {
    const out = join(tempDir('parlor-diff-clue-'), 'report');
    const { stdout } = await parlor('diff', dirs['base']!, dirs['capped']!, '--out', out);
    expect(stdout).toContain('A and B differ in: config.maxTurns 1000 -> 30');
    expect(stdout).toMatch(/│ capped +│ 0 │ +\d+ │ +0 │ +\d+ │/);
    expect(stdout).toMatch(/games: \d+ with another winner, \d+ with the same winners and another outcome \(ranks, scores, faults, cap\), \d+ changed only in length, \d+ the same/);
    expect(stdout).toContain(`diff: ${out}/diff.html, ${out}/diff.md, ${out}/diff.json, ${out}/changed.jsonl`);
    const md = readFileSync(join(out, 'diff.md'), 'utf8');
    expect(md).toContain('## By seat');
    const html = readFileSync(join(out, 'diff.html'), 'utf8');
    expect(html).toContain('aria-label="Seat win rate, B − A, with its paired 95% interval"');
    expect(html).toContain('aria-label="Steps per game: A (bars) and B (line)"');
    expect(html).not.toMatch(/<script|src="http/);
  });

  test('playing on for places: the same winners with other ranks, and the other rating model', async () => {
    const { stdout } = await parlor('diff', dirs['base']!, dirs['placings']!, '--out', join(tempDir('parlor-diff-clue-'), 'report'), '--json');
    const diff = JSON.parse(stdout) as DiffSummary;
    expect(diff.games.outcome).toBeGreaterThan(0);
    expect([diff.a.model, diff.b.model]).toEqual(['winner', 'pairwise']);
  });
});
