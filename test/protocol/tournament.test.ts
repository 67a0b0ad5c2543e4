import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { misbehaving, parlorBotCommand, PYTHON_BOT, tournament } from './support.js';

/** A bots file holding `entries`. */
function botsFile(entries: unknown[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'parlor-lineup-')), 'lineup.json');
  writeFileSync(file, JSON.stringify(entries));
  return file;
}

/**
 * `parlor bot` serving `bot`, labelled as the in-process bot so that the two runs' summaries and
 * records can be compared byte for byte. Started from the TypeScript sources, which takes seconds
 * on a loaded machine: a long handshake.
 */
function served(game: string, bot: string, variant?: string) {
  return { cmd: parlorBotCommand(game, bot, variant), label: bot, handshakeMs: 60_000 };
}

describe('process bots in tournaments', () => {
  test('parlor bot processes give the same summary as the same bots in-process, with the same seed', async () => {
    // In this thread: the other tests run process bots from the pool's workers.
    const yahtzee = { game: 'yahtzee', config: { series: 1 }, games: 6, workers: 0 };
    const inProcess = await tournament({ ...yahtzee, bots: 'greedy,random' });
    const processes = await tournament({ ...yahtzee, bots: botsFile([served('yahtzee', 'greedy'), served('yahtzee', 'random')]) });
    expect(JSON.stringify(processes.summary)).toBe(JSON.stringify(inProcess.summary));
    expect(processes.records).toEqual(inProcess.records);

    // Clue: private events (refutations), the refuting seat's choice, a stateful deduction bot.
    const clue = { game: 'clue', variant: 'clueless', games: 3, workers: 0 };
    const clueInProcess = await tournament({ ...clue, bots: 'notebook,checklist,random' });
    const clueProcess = await tournament({ ...clue, bots: `${botsFile([served('clue', 'notebook', 'clueless')])},checklist,random` });
    expect(JSON.stringify(clueProcess.summary)).toBe(JSON.stringify(clueInProcess.summary));
    // The same moves, game by game.
    expect(clueProcess.records).toEqual(clueInProcess.records);
    expect(clueProcess.records.map((r) => r.steps.length).reduce((a, b) => a + b)).toBeGreaterThan(100);
  });

  test('a mixed tournament on 2 workers survives bots that sleep, exit, print garbage or huge lines and play illegally: each counted, flagged and recorded', async () => {
    // Plain names, cmd: entries, and bots file objects with their own limits: the sleeper gets a
    // short deadline (150 ms + 100 ms bank) so that the run stays short.
    const file = botsFile([
      'greedy',
      `cmd:"${PYTHON_BOT}"`,
      { ...served('yahtzee', 'greedy'), label: 'parlor-bot' },
      ...['exit', 'garbage', 'huge', 'illegal', 'noisy'].map((mode) => `cmd:"${misbehaving(mode)}"`),
      { cmd: misbehaving('sleep'), label: 'sleeper', moveMs: 150, bankMs: 100 },
    ]);
    const started = performance.now();
    // 9 entrants, 2 seats, rotations: every pair meets once in each seat order (36 deals x 2), 16
    // games each (fair seating draws each block's pair at random, so its counts vary by entrant).
    const run = await tournament({ game: 'yahtzee', config: { series: 1 }, bots: file, players: 2, games: 72, workers: 2, seating: 'rotations' });
    const seconds = (performance.now() - started) / 1000;

    const by = (part: string) => run.summary.entrants.find((e: any) => e.bot.includes(part))!;
    const expected: Record<string, string> = { sleeper: 'timeout', ' exit': 'crash', garbage: 'malformed', huge: 'malformed', illegal: 'illegal' };
    for (const [part, kind] of Object.entries(expected)) {
      const entrant = by(part);
      expect(entrant.games, part).toBe(16);
      expect(entrant.faults[kind], `${part}: ${JSON.stringify(entrant.faults)}`).toBe(16);
      expect(entrant.flagged).toBe(true);
      expect(entrant.wins).toBe(0);
    }
    for (const part of ['greedy', 'parlor_bot.py', 'parlor-bot', 'noisy']) {
      const entrant = by(part);
      expect(Object.values(entrant.faults).every((n) => n === 0), `${part}: ${JSON.stringify(entrant.faults)}`).toBe(true);
      expect(entrant.flagged).toBe(false);
    }
    expect(run.summary.errors).toEqual({ engine: 0, illegal: 16, threw: 0, timeout: 16, left: 0, crash: 16, malformed: 32 });
    expect(run.summary.reproducible).toBe(false);
    expect(run.outcomes).toHaveLength(72);
    // Every fault is in its game's record, with what went wrong.
    const details = run.records.flatMap((r) => r.steps.filter((s: any) => s.forfeit !== undefined).map((s: any) => `${s.forfeit}: ${s.detail}`));
    expect(details).toHaveLength(80);
    expect(details).toContain('crash: the process exited with code 3');
    expect(details).toContain('malformed: not JSON: garbage {not json');
    expect(details).toContain('malformed: a line of 2000026 bytes, over the 1048576-byte limit');
    expect(details).toContain('timeout: no action for act 3 within 250 ms');
    // Nothing stalled: 16 sleeps of 250 ms and 72 short games.
    expect(seconds).toBeLessThan(90);
  });

  test('with onFault "random" a faulting seat plays on at random: the fault is counted once a game, the seat not forfeited', async () => {
    const file = botsFile(['random', { cmd: misbehaving('exit'), label: 'exiter', onFault: 'random' }]);
    const run = await tournament({ game: 'yahtzee', config: { series: 1 }, bots: file, games: 8, workers: 0 });
    const exiter = run.summary.entrants.find((e: any) => e.bot === 'exiter');
    expect(exiter.faults.crash).toBe(8);
    expect(exiter.wins).toBeGreaterThan(0);
    for (const record of run.records) {
      expect(record.steps.some((s: any) => s.forfeit !== undefined)).toBe(false);
      // The exiter's seat took all its 13 turns' decisions (3 by the process, the rest at random).
      const seat = record.seats.findIndex((s: any) => s.bot === 'exiter');
      expect(record.steps.filter((s: any) => s.seat === seat && s.action.type === 'score')).toHaveLength(13);
    }
  });

  test('at the end of a run on 2 workers every bot process is told bye', async () => {
    const journal = join(mkdtempSync(join(tmpdir(), 'parlor-bye-')), 'journal.txt');
    await tournament({ game: 'yahtzee', config: { series: 1 }, bots: `greedy,cmd:"${misbehaving('journal')} ${journal}"`, games: 8, workers: 2 });
    const entries = (event: string) => readFileSync(journal, 'utf8').split('\n').filter((l) => l.startsWith(`${event} `)).map((l) => l.slice(event.length + 1)).sort();
    // The run ends once every bye is written to its process; each process journals it on its own time.
    await expect.poll(() => entries('bye'), { timeout: 10_000 }).toEqual(entries('start'));
    expect(entries('start').length).toBeGreaterThan(0);
  });
});
