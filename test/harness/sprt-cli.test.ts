import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { sprtConsole, sprtWorkers } from '../../src/cli/actions/sprt.js';
import { parlor } from '../support/cli.js';
import { tempDir } from './support/run.js';

const yahtzee = ['--game', 'yahtzee', '--set', 'series=1'];

describe('parlor sprt on the command line', () => {
  test('--json prints the report sprt.json holds, every documented field; the console says it in six lines', async () => {
    const cores = availableParallelism();
    const out = tempDir();
    const flags = [...yahtzee, '--base', 'random', '--test', 'greedy', '--elo1', '10', '--move-time-ms', '1000', '--out', out];
    const { stdout, stderr } = await parlor('sprt', ...flags, '--workers', String(2 * cores), '--json');
    const report = JSON.parse(stdout);
    expect(stderr).toBe(`--workers ${2 * cores} capped at this machine's ${cores} cores: with --move-time-ms a timeout is a loss, and more threads than cores would let speed decide\n`);
    expect(Object.keys(report).sort()).toEqual(
      [
        'schema', 'game', 'variant', 'seed', 'players', 'base', 'test', 'others', 'elo0', 'elo1', 'alpha', 'beta', 'maxFaultRate',
        'result', 'verdict', 'llr', 'bounds', 'elo', 'eloCI95', 'los', 'score', 'ladderEloDiff', 'games', 'blocks', 'engineErrors',
        'counted', 'wins', 'draws', 'losses', 'blocksByLead', 'stoppedBy', 'entrants', 'timing',
      ].sort(),
    );
    // Greedy wins every single Yahtzee game against random: no finite Elo, no interval.
    expect(report).toMatchObject({ schema: 2, game: 'yahtzee', base: 'random', test: 'greedy', others: [], players: 2, result: 'H1', stoppedBy: [], engineErrors: 0 });
    expect(report).toMatchObject({ score: 1, elo: null, eloCI95: [null, null], los: 1, wins: report.games, draws: 0, losses: 0 });
    expect(report.timing.workers).toBe(cores);
    expect(report.games).toBe(2 * report.blocks);
    expect(report.wins + report.draws + report.losses).toBe(report.games);
    expect(report.blocksByLead).toEqual([0, 0, 0, 0, report.blocks]);
    expect(report.entrants.map((e: { role: string; bot: string }) => `${e.role} ${e.bot}`)).toEqual(['base random', 'test greedy']);
    expect(JSON.parse(readFileSync(join(out, 'sprt.json'), 'utf8'))).toEqual(report);

    // The finished test resumed: nothing more is played, and the console has it at a glance.
    const lines = (await parlor('sprt', ...flags, '--resume', '--quiet', '--workers', '1')).stdout.trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(report.verdict);
    expect(lines[1]).toBe(`no finite Elo: greedy took every game that counts, LOS 100.0%; LLR ${report.llr} (bounds -2.9444, 2.9444)`);
    expect(sprtConsole({ ...report, elo: 56.34, eloCI95: [-17.04, null], los: 0.9976 }, undefined)[1]).toBe(`Elo +56.3 (95%: -17.0 to open), LOS 99.8%; LLR ${report.llr} (bounds -2.9444, 2.9444)`);
    expect(lines[2]).toBe(`${report.games} games in ${report.blocks} deals; greedy against random: ${report.wins} wins, ${report.draws} draws, ${report.losses} losses`);
    expect(lines[3]).toBe(`deals by greedy's wins minus losses in them: -2: ${report.blocksByLead[0]}  -1: ${report.blocksByLead[1]}  0: ${report.blocksByLead[2]}  +1: ${report.blocksByLead[3]}  +2: ${report.blocksByLead[4]}`);
    expect(lines[4]).toBe('faults: none');
    expect(lines[5]).toMatch(new RegExp(`^\\d+ games/s on 1 worker; ${out}/sprt.json, report.html, report.md, summary.json$`));

    await expect(parlor('sprt', ...flags)).rejects.toThrow(`${out} holds a run already: --resume goes on with it, --force replaces it, or choose another --out`);
  });

  test('--workers is capped at the cores with a move time limit only', () => {
    expect(sprtWorkers(8, 0, 4)).toEqual({ workers: 8, note: null });
    expect(sprtWorkers(3, 100, 4)).toEqual({ workers: 3, note: null });
    expect(sprtWorkers(8, 100, 4)).toMatchObject({ workers: 4, note: expect.stringMatching(/^--workers 8 capped at this machine's 4 cores/) });
  });
});
