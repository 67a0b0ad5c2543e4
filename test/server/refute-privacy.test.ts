import { describe, expect, it, vi } from 'vitest';
import type { SetupContext } from '../../src/core/game.js';
import type { ClueConfig, ClueForced } from '../../src/games/clue/config.js';
import { ScriptedClient, testServer } from './helpers.js';

/** The deal the next server game gets: the test forces it through the game's own forced setup. */
const dealt = vi.hoisted(() => ({ forced: undefined as unknown }));

vi.mock('../../src/games/clue/setup.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/games/clue/setup.js')>();
  return { ...original, setupClue: (ctx: SetupContext<ClueConfig>) => original.setupClue({ ...ctx, forced: dealt.forced }) };
});

const WEAPONS = { Rope: 'Kitchen', 'Lead Pipe': 'Ballroom', Knife: 'Conservatory', Wrench: 'Dining Room', Candlestick: 'Lounge', Pistol: 'Study' };

/**
 * Ann enters the Lounge and suggests Mrs. White with the Candlestick; Bob holds none, Cid refutes.
 * `cidHolds` is Cid's card that Ann does not: the Candlestick (Cid then holds two of the named
 * cards) or the Knife (one: the Candlestick is Ann's).
 */
function deal(cidHolds: 'Candlestick' | 'Knife'): ClueForced {
  const other = cidHolds === 'Candlestick' ? 'Knife' : 'Candlestick';
  return {
    caseFile: { suspect: 'Mrs. Peacock', weapon: 'Rope', room: 'Ballroom' },
    hands: [
      ['Colonel Mustard', other, 'Lounge', 'Hall', 'Study', 'Library'],
      ['Miss Scarlet', 'Professor Plum', 'Lead Pipe', 'Wrench', 'Billiard Room', 'Conservatory'],
      ['Mr. Green', 'Mrs. White', cidHolds, 'Pistol', 'Kitchen', 'Dining Room'],
    ],
    weapons: WEAPONS,
    pawns: { 'Miss Scarlet': 'Hall-Lounge' },
  } as ClueForced;
}

/** What may differ between two servers whatever the deal: the tokens people are given and the clock. */
function withoutTokensAndTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokensAndTimes);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'token' && key !== 'startsAt' && key !== 'time').map(([key, v]) => [key, withoutTokensAndTimes(v)]));
}

/** Plays the suggestion and its refutation on a fresh server with the deal, and returns every message Bob received. */
async function bobsMessages(forced: ClueForced): Promise<unknown[]> {
  dealt.forced = forced;
  const { ws } = await testServer();
  const people = [await ScriptedClient.connect(ws), await ScriptedClient.connect(ws), await ScriptedClient.connect(ws)];
  people.forEach((p, i) => p.send({ type: 'join', name: ['Ann', 'Bob', 'Cid'][i] }));
  const [ann, bob, cid] = people as [ScriptedClient, ScriptedClient, ScriptedClient];
  const tokens = (await Promise.all(people.map((p) => p.next('start')))).map((s) => s.token);
  await ann.next('yourTurn');
  ann.send({ type: 'action', token: tokens[0], action: { type: 'move', to: 'Lounge' } });
  await ann.next('yourTurn', (t) => t.phase === 'suggest');
  ann.send({ type: 'action', token: tokens[0], action: { type: 'suggest', suspect: 'Mrs. White', weapon: 'Candlestick' } });
  // Cid shows Mrs. White when asked; an engine that answered for him would reach Ann's turn first.
  const annAgain = ann.next('yourTurn', (t) => t.phase === 'end');
  const cidAsked = cid.next('disprove').catch(() => null);
  if ((await Promise.race([annAgain.then(() => null), cidAsked])) !== null) {
    cid.send({ type: 'action', token: tokens[2], action: { type: 'show', card: 'Mrs. White' } });
  }
  await annAgain;
  ann.send({ type: 'action', token: tokens[0], action: { type: 'pass' } });
  await bob.next('yourTurn');
  return bob.messages.map(withoutTokensAndTimes);
}

describe('parlor serve: a refutation tells the table who disproves, nothing more', () => {
  it('gives a third player the same messages whether the refuter holds one of the named cards or two', async () => {
    const two = await bobsMessages(deal('Candlestick'));
    const one = await bobsMessages(deal('Knife'));
    expect(two.some((m) => JSON.stringify(m).includes('Cid is disproving.'))).toBe(true);
    expect(one).toEqual(two);
  });
});
