import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/events.js';
import type { GameDefinition } from '../../src/core/game.js';
import type { GameRecord } from '../../src/core/record.js';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import type { Seat } from '../../src/core/seat.js';
import { findGame } from '../../src/games/registry.js';
import type { ClueState } from '../../src/games/clue/state.js';
import type { DeadwoodState } from '../../src/games/deadwood/state.js';
import { replayRecord, type OnReplayStep } from '../../src/referee/replay.js';
import { framesOf, viewerData } from '../../src/viewer/frames.js';
import { viewerHtml } from '../../src/viewer/viewer-html.js';

const golden = (file: string): GameRecord[] =>
  readFileSync(join(import.meta.dirname, '../../scenarios/golden', file), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as GameRecord);

/** The script and styles do not matter here: the file's data does. */
const assets = { script: '', styles: '' };

/** Plays `record`'s actions from a forced setup instead of the record's seeded one. */
function forcedPlay(record: GameRecord, forced: unknown) {
  const game: GameDefinition = findGame(record.game);
  return (onStep: OnReplayStep) => {
    const rng = new GameStreams(seedKey(record.seed), record.index);
    const state = game.setup({ variant: record.variant, config: game.configSchema.parse(record.config), seats: record.seats.map((s) => ({ name: s.name })), rng, forced: game.forcedSchema!.parse(forced) });
    onStep(state, null, []);
    for (const step of record.steps) {
      const events = 'forfeit' in step ? game.forfeit(state, step.seat) : game.apply(state, step.seat, game.actionSchema.parse(step.action), rng);
      onStep(state, step, events);
    }
    return { outcome: game.outcome(state), mismatch: null };
  };
}

/** The states a record goes through: the first (as set up) and the last, and every event. */
function ends<S>(record: GameRecord): { first: S; last: S; events: GameEvent[] } {
  let first: S | undefined;
  const replay = replayRecord(record, {
    onStep: (state, step) => {
      if (step === null) first = structuredClone(state) as S;
    },
  });
  return { first: first!, last: replay.state as S, events: [...replay.events] };
}

function files(record: GameRecord, seat: Seat | null, forced: unknown): string {
  return viewerHtml(framesOf(record, seat, forcedPlay(record, forced)), assets);
}

describe('parlor view --as: a seat’s file holds only what that seat knew', () => {
  it('Clue: two deals that differ only in two cards the seat never saw, played alike, give the same file; the narrator’s differ', () => {
    // A game and two other players each holding a card that no suggestion or accusation ever named: no refutation could show it.
    const found = ['classic', 'cluedo', 'clueless']
      .flatMap((variant) => [...golden(`clue.${variant}.6p.jsonl`), ...golden(`clue.${variant}.3p.jsonl`)])
      .flatMap((record) => {
        const { first, events } = ends<ClueState>(record);
        const named = new Set(events.flatMap((e) => (e.type === 'suggested' || e.type === 'accused' ? [e['suspect'], e['weapon'], e['room']] : [])));
        const unnamed = first.hands.map((hand, s) => (s === 0 ? undefined : hand.find((card) => !named.has(card))));
        const holders = unnamed.flatMap((card, s) => (card === undefined ? [] : [s]));
        return holders.length >= 2 ? [{ record, first, x: unnamed[holders[0]!]!, y: unnamed[holders[1]!]!, other: holders[0]! }] : [];
      });
    expect(found.length, 'a golden game with two such cards').toBeGreaterThan(0);
    const { record, first, x, y, other } = found[0]!;
    const seat = 0;
    const swapped = first.hands.map((hand) => hand.map((card) => (card === x ? y! : card === y ? x! : card)));
    const forced = (hands: readonly (readonly string[])[]) => ({ hands, caseFile: first.caseFile, pawns: first.pawns, weapons: first.weapons });
    // The forced deal as dealt plays the record's very game.
    expect(files(record, null, forced(first.hands))).toBe(viewerHtml(viewerData(record, null), assets));
    expect(files(record, seat, forced(swapped))).toBe(files(record, seat, forced(first.hands)));
    expect(files(record, null, forced(swapped))).not.toBe(files(record, null, forced(first.hands)));
    // A seat that held one of the two cards saw its own hand change.
    expect(files(record, other, forced(swapped))).not.toBe(files(record, other, forced(first.hands)));
  });

  it('Deadwood: a face-down scene never turned up, swapped with a card left in the deck, gives the same file for every seat; the narrator’s differs', () => {
    const record = golden('deadwood.2p.jsonl')[0]!;
    const { first, last } = ends<DeadwoodState>(record);
    const hidden = last.sets.find((set) => set.scene !== null && !set.revealed)?.scene;
    const undealt = last.deck.at(-1);
    expect(hidden, 'a scene still face down at the end').toBeDefined();
    expect(undealt, 'a card never dealt').toBeDefined();
    const swap = (card: number): number => (card === hidden ? undealt! : card === undealt ? hidden! : card);
    const forced = (map: (card: number) => number) => ({
      first: first.current,
      scenes: Object.fromEntries(first.sets.map((set) => [set.room, map(set.scene!)])),
      deck: first.deck.map(map),
    });
    const same = (card: number): number => card;
    expect(files(record, null, forced(same))).toBe(viewerHtml(viewerData(record, null), assets));
    for (const seat of [0, 1]) expect(files(record, seat, forced(swap))).toBe(files(record, seat, forced(same)));
    expect(files(record, null, forced(swap))).not.toBe(files(record, null, forced(same)));
  });
});

describe('parlor view: size', () => {
  it('the viewer of the longest 6-player Clue golden playthrough is under 1 MB, for the narrator and for a seat', () => {
    const records = ['classic', 'cluedo', 'clueless'].flatMap((variant) => golden(`clue.${variant}.6p.jsonl`));
    const longest = records.reduce((a, b) => (b.steps.length > a.steps.length ? b : a));
    for (const seat of [null, 0]) {
      const bytes = Buffer.byteLength(viewerHtml(viewerData(longest, seat), { script: 'x'.repeat(20_000), styles: 'x'.repeat(10_000) }));
      expect(bytes).toBeLessThan(1_000_000);
    }
  });
});
