import { describe, expect, it } from 'vitest';
import { ChecklistNotes } from '../../bots/clue/checklist-notes.js';
import { deckOf } from '../../src/games/clue/deck.js';
import { EventReader } from '../../src/games/clue/event-reader.js';
import { findBuiltinBot } from '../../bots/registry.js';
import { seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import { VARIANT_IDS } from '../../src/games/clue/cards.js';
import type { ClueEvent } from '../../src/games/clue/events.js';
import { findGame } from '../../src/games/registry.js';
import { playGame } from '../../src/referee/match.js';

const game = findGame('clue');
const LINEUP = ['notebook', 'deduction', 'checklist', 'random'];
const SEED = 'clue-placings-bots';

/**
 * The Clue System Players in games played on for places (`placings`): they see only the
 * announcement that someone solved, never the cards, so they play on from what they knew; the
 * engine ranks the solvers in order, and each solver's metric counts its own turns.
 */
describe('the Clue bots played on for places', () => {
  it('ignore the announcement: it teaches neither the deduction reader nor the checklist anything', () => {
    const deck = deckOf('classic');
    const solved: ClueEvent = { type: 'solved', seat: 1, place: 1 };
    expect(new EventReader(deck, 0).read(solved)).toBeNull();
    const notes = new ChecklistNotes(deck, 0);
    notes.catchUp([{ type: 'dealt', seat: 0, cards: ['Knife', 'Hall'] }, solved]);
    expect(notes.left().map((cards) => cards.length)).toEqual([6, 5, 8]);
  });

  it.each(VARIANT_IDS)('%s: several players solve in turn, ranked in that order, and no careful bot accuses wrongly', (variant) => {
    for (let index = 0; index < 2; index++) {
      const events: ClueEvent[] = [];
      const result = playGame({
        game,
        variant,
        config: game.configSchema.parse({ placings: true }),
        seed: SEED,
        key: seedKey(SEED),
        index,
        seats: generatedSeatNames(LINEUP.length).map((name, seat) => ({ name, label: LINEUP[seat]!, bot: findBuiltinBot('clue', LINEUP[seat]!) })),
        onEvent: (event) => events.push(event as unknown as ClueEvent),
      });
      const label = `${variant} game ${index} (seed "${SEED}")`;
      expect(result.faults, label).toEqual([]);
      expect(result.engineError, label).toBeUndefined();
      const solvers = events.flatMap((e) => (e.type === 'solved' ? [e.seat] : []));
      const wrong = events.flatMap((e) => (e.type === 'eliminated' ? [e.seat] : []));
      const over = events.find((e) => e.type === 'gameOver');
      expect(over?.type === 'gameOver' ? over.solvers : null, label).toEqual(solvers);
      expect(solvers.length, label).toBeGreaterThanOrEqual(2);
      for (const seat of wrong) expect(LINEUP[seat], `${label}: only the notebook risks an accusation`).toBe('notebook');
      const stillIn = LINEUP.length - solvers.length - wrong.length;
      expect(result.outcome!.rank, label).toEqual(
        LINEUP.map((_, seat) => (solvers.includes(seat) ? solvers.indexOf(seat) + 1 : wrong.includes(seat) ? solvers.length + stillIn + 1 : solvers.length + 1)),
      );
      for (let seat = 0; seat < LINEUP.length; seat++) {
        const m = result.metrics![seat]!;
        if (solvers.includes(seat)) expect(m['turnsToCorrectAccusation'], label).toBe(m['turns']);
        else expect(m['turnsToCorrectAccusation'], label).toBeNull();
      }
    }
  });
});
