import { describe, expect, it } from 'vitest';
import { analyzeClueRecord } from '../../src/analysis/clue/analyze.js';
import type { ClueSeatAnalysis } from '../../src/analysis/clue/clue-analysis.js';
import { accusationProbability, likeliestAccusation, scoreSuggestions, type Triple } from '../../src/analysis/clue/information.js';
import { mergeClueSummaries } from '../../src/analysis/clue/summary.js';
import { Knowledge } from '../../src/deduction/knowledge.js';
import { CARDS, VARIANT_IDS } from '../../src/games/clue/cards.js';
import { deckOf, layoutOf } from '../../src/games/clue/deck.js';
import { playClue } from './clue-games.js';

const LONG = process.env.PARLOR_LONG !== undefined;

/**
 * A Clue-Less position worked out by hand. Seat 0 knows every card but two suspects, S0 and S1:
 * one is in the case file, the other in seat 1's hand, each way equally likely (2 deals, 1 bit).
 *   case file  S0 or S1, W0, R0
 *   seat 0     W1 W2 R1 R2 R3 R4
 *   seat 1     S1 or S0, W3 W4 R5 R6 R7
 *   seat 2     S2 S3 S4 S5 W5 R8
 */
const { suspects: S, weapons: W, rooms: R } = CARDS.clueless;
const deck = deckOf('clueless');
function position(): Knowledge {
  const k = new Knowledge(layoutOf(deck, [6, 6, 6]));
  const hands = [
    [W[1], W[2], R[1], R[2], R[3], R[4]],
    [W[3], W[4], R[5], R[6], R[7]],
    [S[2], S[3], S[4], S[5], W[5], R[8]],
  ];
  hands.forEach((cards, player) => cards.forEach((card) => k.add({ kind: 'holds', player, card: deck.index.get(card!)! })));
  return k;
}
const t = (suspect: string, weapon: string, room: string): Triple => ({ suspect, weapon, room });

describe("a suggestion's expected information, worked out by hand", () => {
  const k = position();

  it('the position holds 1 bit, and the accusations its two deals allow are even chances', () => {
    expect(k.worlds).toBe(2);
    expect(accusationProbability(k, deck, t(S[0]!, W[0]!, R[0]!))).toBe(0.5);
    expect(accusationProbability(k, deck, t(S[2]!, W[0]!, R[0]!))).toBe(0);
  });

  it('scores each suggestion as the hand count does', () => {
    const clockwise = scoreSuggestions(k, deck, [1, 2], [
      // Seat 1 shows S0 if it holds it; else nobody can: either way S0's place is known. 1 bit.
      t(S[0]!, W[1]!, R[1]!),
      // Seat 2 always shows S2, which it is known to hold. 0 bits.
      t(S[2]!, W[1]!, R[1]!),
      // Seat 1 always refutes (W3). Holding S0 too (1/2), it shows S0 half the time: 1/4 of the
      // time the answer settles it. 3/4 of the time it shows W3, which it does in every deal where
      // it lacks S0 but in half of those where it holds it: S0 is then its with odds 1:2, entropy
      // H(1/3) = log2(3) - 2/3. 1 - 3/4 H(1/3) = 0.3113 bits.
      t(S[0]!, W[3]!, R[1]!),
      // Seat 1 shows S0 if it holds it; else it passes, so S0 is in the case file (seat 2 shows W5). 1 bit.
      t(S[0]!, W[5]!, R[1]!),
    ]);
    expect(clockwise.entropy).toBeCloseTo(1, 12);
    expect(clockwise.scored.map((s) => s.information)).toEqual([1, 0, 1 - 0.75 * (Math.log2(3) - 2 / 3), 1].map((bits) => expect.closeTo(bits, 12)));
    // Asked the other way, seat 2 refutes the last one with W5 before seat 1 is asked: 0 bits.
    const backwards = scoreSuggestions(k, deck, [2, 1], [t(S[0]!, W[5]!, R[1]!)]);
    expect(backwards.scored[0]!.information).toBeCloseTo(0, 12);
  });
});

describe('the likeliest accusation', () => {
  const every = R.flatMap((room) => S.flatMap((suspect) => W.map((weapon) => t(suspect, weapon, room))));

  it('is, of several as likely, the first in the rules\' order; of those allowed, the likeliest allowed', () => {
    const k = position();
    expect(likeliestAccusation(k, deck, every)).toEqual({ ...t(S[0]!, W[0]!, R[0]!), probability: 0.5 });
    expect(likeliestAccusation(k, deck, every.filter((a) => a.suspect !== S[0]))).toEqual({ ...t(S[1]!, W[0]!, R[0]!), probability: 0.5 });
    expect(likeliestAccusation(k, deck, every.filter((a) => a.room === R[3]))).toEqual({ ...t(S[0]!, W[0]!, R[3]!), probability: 0 });
  });

  it('is the one an exhaustive count of every accusation finds, where many deals remain', () => {
    const k = new Knowledge(layoutOf(deck, [6, 6, 6]));
    for (const card of [S[0], S[1], W[1], W[2], R[1], R[2]]) k.add({ kind: 'holds', player: 0, card: deck.index.get(card!)! });
    const cards = (...names: string[]): number[] => names.map((name) => deck.index.get(name)!);
    k.add({ kind: 'holdsNone', player: 1, cards: cards(S[2]!, W[3]!, R[4]!) });
    k.add({ kind: 'holdsOneOf', player: 2, cards: cards(S[3]!, W[0]!, R[0]!) });
    const counted = every.map((a) => accusationProbability(k, deck, a));
    const most = Math.max(...counted);
    const first = every[counted.indexOf(most)]!;
    expect(most).toBeGreaterThan(1 / every.length);
    expect(likeliestAccusation(k, deck, every)).toEqual({ ...first, probability: most });
  });
});

describe('over analysed games of every variant', () => {
  it('every suggestion brings between 0 and the entropy of the case file, and the best at least as much as the one made', () => {
    const games = LONG ? 10 : 1;
    let suggestions = 0;
    const seats: ClueSeatAnalysis[] = [];
    for (const variant of VARIANT_IDS) {
      for (let g = 0; g < games; g++) {
        const analysis = analyzeClueRecord(playClue(variant, ['notebook', 'deduction', 'checklist', 'random'], 900 + g));
        expect(analysis.model).toMatch(/uninformative/);
        seats.push(...analysis.seats);
        for (const seat of analysis.seats) {
          for (const s of seat.suggestions) {
            suggestions++;
            for (const bits of [s.information, s.best.information]) {
              expect(bits).toBeGreaterThanOrEqual(-1e-9);
              expect(bits).toBeLessThanOrEqual(s.entropy + 1e-9);
            }
            expect(s.best.information).toBeGreaterThanOrEqual(s.information);
            expect(s.shortfall).toBeCloseTo(s.best.information - s.information, 12);
            expect(s.options).toBe(CARDS[variant].suspects.length * CARDS[variant].weapons.length);
          }
          const mean = seat.summary.meanInformation;
          if (seat.suggestions.length > 0) expect(mean).toBeCloseTo(seat.suggestions.reduce((a, s) => a + s.information, 0) / seat.suggestions.length, 12);
        }
      }
    }
    expect(suggestions).toBeGreaterThan(10);
    // An entrant's aggregates over games: the mean over every suggestion it made, counts summed.
    const notebook = seats.filter((s) => s.bot === 'notebook');
    const made = notebook.flatMap((s) => s.suggestions);
    const merged = mergeClueSummaries(notebook.map((s) => s.summary));
    expect(merged.suggestions).toBe(made.length);
    expect(merged.meanInformation).toBeCloseTo(made.reduce((a, s) => a + s.information, 0) / made.length, 12);
    expect(merged.meanShortfall).toBeCloseTo(made.reduce((a, s) => a + s.shortfall, 0) / made.length, 12);
    expect(merged.accusations).toBe(notebook.reduce((a, s) => a + s.accusations.length, 0));
    expect(merged.turnsLost).toBe(notebook.reduce((a, s) => a + (s.turnsLost ?? 0), 0));
    expect(merged.certainties).toBe(notebook.filter((s) => s.certainty !== null).length);
  }, 120_000);
});
