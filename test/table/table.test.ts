import { describe, expect, test } from 'vitest';
import type { BotFactory } from '../../src/core/bot.js';
import { replayRecord } from '../../src/referee/replay.js';
import { createTable, type Table } from '../../src/table/table.js';
import { CLUE_GAME, playInHarness, YAHTZEE_GAME, type TestGame } from '../export/support.js';

/** Every seat a System Player's, as the spec names them, played to the end by botTurn. */
async function botsOnly(spec: TestGame): Promise<Table> {
  const names = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay'];
  const table = createTable({ game: spec.game, variant: spec.variant, config: spec.options, seed: spec.seed, index: spec.index, seats: spec.lineup.map((bot, seat) => ({ name: names[seat]!, bot })) });
  while (table.toAct() !== null) await table.botTurn();
  return table;
}

/** A Clue-Less table with a person in seat 0, three System Players after. */
function withPerson(): Table {
  return createTable({ game: 'clue', variant: 'clueless', seed: 'table', seats: [{ name: 'Ann' }, { name: 'Bob', bot: 'notebook' }, { name: 'Cid', bot: 'deduction' }, { name: 'Dee', bot: 'random' }] });
}

/** Plays the person's first legal action and the bots' turns until the game ends. */
async function playOut(table: Table, meddle: (table: Table) => void = () => {}): Promise<void> {
  for (let seat; (seat = table.toAct()) !== null; ) {
    meddle(table);
    if (table.seats[seat]!.bot === null) table.play(seat, table.legal(seat)[0]!);
    else await table.botTurn();
  }
}

describe('createTable', () => {
  test.each([CLUE_GAME, YAHTZEE_GAME])('played by its bots, $game plays the game the harness plays with the same seed', async (spec) => {
    const table = await botsOnly(spec);
    const inHarness = playInHarness(spec);
    expect(table.outcome()).toEqual(inHarness.outcome);
    expect(table.record().steps).toEqual(inHarness.steps);
    expect(replayRecord(table.record()).mismatch).toBeNull();
  });

  test('a person and System Players play a whole game; each seat is told only its own events, and the record replays', async () => {
    const table = withPerson();
    await playOut(table);
    expect(table.outcome()?.winners.length).toBeGreaterThan(0);
    const record = table.record();
    expect(record.seats.map((s) => s.bot)).toEqual(['human:Ann', 'notebook', 'deduction', 'random']);
    expect(replayRecord(record).mismatch).toBeNull();
    // The deal is private: each seat is told its own hand, and not another's.
    const hands = [0, 1].map((seat) => JSON.stringify(table.events(seat)));
    expect(hands[0]).not.toEqual(hands[1]);
  });

  test('nothing it hands out changes the game when written to', async () => {
    const untouched = withPerson();
    await playOut(untouched);
    const written = withPerson();
    const tries: string[] = [];
    const attempt = (what: string, write: () => unknown): void => {
      try {
        write();
        tries.push(`${what}: written`);
      } catch {
        tries.push(`${what}: refused`);
      }
    };
    await playOut(written, (table) => {
      const seat = table.toAct()!;
      const legal = table.legal(seat) as unknown as Record<string, unknown>[];
      // Sorting a list of one moves nothing, which is no write.
      attempt('legal.sort', () => (legal.length > 1 ? legal.sort(() => -1) : legal.push({})));
      attempt('legal action', () => (legal[0]!['type'] = 'x'));
      attempt('view', () => ((table.view(seat) as Record<string, unknown>)['seat'] = 9));
      attempt('events', () => (table.events(seat) as unknown[]).push({}));
      attempt('config', () => ((table.config as Record<string, unknown>)['maxTurns'] = 1));
      attempt('seats', () => ((table.seats[0] as { bot: unknown }).bot = 'notebook'));
      const record = table.record() as unknown as { steps: { action?: Record<string, unknown> }[] };
      for (const step of record.steps) if (step.action !== undefined) step.action['type'] = 'x';
    });
    expect(new Set(tries)).toEqual(new Set(['legal.sort: refused', 'legal action: refused', 'view: refused', 'events: refused', 'config: refused', 'seats: refused']));
    expect(written.record()).toEqual(untouched.record());
    attempt('outcome', () => ((written.outcome() as unknown as { winners: number[] }).winners[0] = 9));
    expect(tries.at(-1)).toBe('outcome: refused');
  });

  test('a wrong seat, a System Player\'s seat or an illegal action is refused with the legal actions listed, and changes nothing', async () => {
    const table = withPerson();
    const before = table.record();
    const legal = table.legal(0).map((action) => JSON.stringify(action)).join(', ');
    expect(() => table.play(1, table.legal(0)[0]!)).toThrow(`seat 1 is not to act: seat 0 (Ann) is, with one of ${legal}`);
    expect(() => table.play(0, { type: 'fly' })).toThrow(`{"type":"fly"} is not a legal action of seat 0: expected one of ${legal}`);
    expect(() => table.play(7, table.legal(0)[0]!)).toThrow('seat: expected a whole number from 0 to 3 (got 7)');
    await expect(table.botTurn()).rejects.toThrow("seat 0 (Ann) is a person's: play their action with play(0, action)");
    expect(table.record()).toEqual(before);
    table.play(0, JSON.parse(JSON.stringify(table.legal(0)[0])));
    while (table.toAct() !== 0 && table.toAct() !== null) {
      const seat = table.toAct()!;
      expect(() => table.play(seat, table.legal(seat)[0]!)).toThrow(`seat ${seat} (${table.seats[seat]!.name}) is a System Player's: let it act with botTurn()`);
      await table.botTurn();
    }
    expect(table.legal(1)).toEqual([]);
  });

  test('a bot of your own is seated and handed frozen copies; a bot that throws forfeits its seat, as in a tournament', async () => {
    const writer: BotFactory = { name: 'writer', description: 'writes into its legal list', create: () => ({ act: (_view, legal: unknown[]) => legal.splice(0, 1)[0] }) };
    const table = createTable({ game: 'yahtzee', seed: 't', config: { series: 1 }, seats: [{ name: 'Ann', bot: writer }, { name: 'Bob', bot: 'greedy' }] });
    let turn;
    do turn = await table.botTurn();
    while (turn.seat !== 0);
    expect(turn.fault).toMatch(/^threw: /);
    expect(table.record().seats[0]!.bot).toBe('writer');
  });

  test.each([
    [{ game: 'chess' }, 'unknown game "chess": expected one of clue, deadwood, yahtzee'],
    [{ seats: [{ name: 'Ann' }] }, 'seats: clue (classic) takes 3-6 players (got 1)'],
    [{ seats: [{ name: 'Ann', bot: 'smart' }, { name: 'Bob' }, { name: 'Cid' }] }, 'unknown bot "smart" for clue: expected one of'],
    [{ seats: [{ name: 'Ann', bot: 'notebook', params: { shortlist: 0 } }, { name: 'Bob' }, { name: 'Cid' }] }, 'params of notebook(shortlist=0)'],
    [{ seed: 7 }, 'seed: expected a string (got number)'],
    [{ config: { maxTurns: 0 } }, 'invalid options for clue: maxTurns'],
  ])('refuses %o in one line', (options, message) => {
    const seats = [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cid' }];
    expect(() => createTable({ game: 'clue', seed: 's', seats, ...options } as never)).toThrow(expect.objectContaining({ name: 'InputError', message: expect.stringContaining(message) }));
  });
});
