import { describe, expect, it } from 'vitest';
import { analyzeClueRecord } from '../../src/analysis/clue/analyze.js';
import { seenEvent, type GameEvent } from '../../src/core/events.js';
import type { GameRecord } from '../../src/core/record.js';
import { CARDS } from '../../src/games/clue/cards.js';
import type { ClueState } from '../../src/games/clue/state.js';
import { replayRecord } from '../../src/referee/replay.js';
import { playClue } from './clue-games.js';

/**
 * The analysis against an independent count: every deal of Clue-Less at 3 players (hands of 6)
 * that fits one seat's observations, enumerated card by card and checked against facts read here
 * from the events the seat saw. No deduction library: masks of 21 bits and loops.
 */

const LONG = process.env.PARLOR_LONG !== undefined;
const deck = CARDS.clueless;
const bit = (card: string): number => 1 << deck.all.indexOf(card);
const categories = [deck.suspects, deck.weapons, deck.rooms].map((cards) => cards.map(bit));

type Check = (hands: readonly number[], file: number) => boolean;

/** A check on a deal, known once the first `at` events are. */
interface Observed {
  readonly at: number;
  readonly check: Check;
}

/** What `seat` learns from the events, as checks on a deal. */
function observations(events: readonly GameEvent[], seat: number): Observed[] {
  const observed: Observed[] = [];
  events.forEach((full, index) => {
    const e = seenEvent(full, seat) as Record<string, unknown> | null;
    if (e === null) return;
    const checks: Check[] = [];
    const three = (): number => bit(e['suspect'] as string) | bit(e['weapon'] as string) | bit(e['room'] as string);
    if (e.type === 'suggested') {
      const named = three();
      for (const p of e['passed'] as number[]) checks.push((hands) => (hands[p]! & named) === 0);
      const refuter = e['refuter'] as number | null;
      if (refuter !== null && refuter !== seat) checks.push((hands) => (hands[refuter]! & named) !== 0);
    }
    if (e.type === 'refuted' && typeof e['card'] === 'string') {
      const shown = bit(e['card']);
      const refuter = e['seat'] as number;
      checks.push((hands) => (hands[refuter]! & shown) !== 0);
    }
    if (e.type === 'accused' && typeof e['suspect'] === 'string') {
      const named = three();
      checks.push(e['correct'] === true ? (_, file) => file === named : (_, file) => file !== named);
    }
    if (e.type === 'caseFile') {
      const named = three();
      checks.push((_, file) => file === named);
    }
    for (const check of checks) observed.push({ at: index + 1, check });
  });
  return observed;
}

type Deals = { files: number[]; hands: number[][] };

/** For each deal, how many events it takes to rule it out (the first check it fails), or Infinity. */
function ruledOutAt(all: Deals, observed: readonly Observed[]): Float64Array {
  return Float64Array.from(all.files, (file, i) => observed.find((o) => !o.check(all.hands[i]!, file))?.at ?? Infinity);
}

/** The deals that fit the observations of the first `count` events. */
function fitting(ruledOut: Float64Array, count: number): number[] {
  const fit: number[] = [];
  ruledOut.forEach((at, i) => (at > count ? fit.push(i) : undefined));
  return fit;
}

/** Every deal that gives `seat` its hand: the case file (one card a category) and the other two hands. */
function deals(seat: number, hand: number): Deals {
  const files: number[] = [];
  const hands: number[][] = [];
  const others = [0, 1, 2].filter((p) => p !== seat);
  for (const s of categories[0]!) for (const w of categories[1]!) for (const r of categories[2]!) {
    const file = s | w | r;
    if ((file & hand) !== 0) continue;
    const rest: number[] = [];
    for (let c = 0; c < deck.all.length; c++) if (((hand | file) & (1 << c)) === 0) rest.push(1 << c);
    // Every way to give 6 of the 12 remaining cards to the first other player.
    const split = (from: number, taken: number, mask: number): void => {
      if (taken === 6) {
        const all = rest.reduce((m, c) => m | c, 0);
        const h = [0, 0, 0];
        h[seat] = hand;
        h[others[0]!] = mask;
        h[others[1]!] = all & ~mask;
        files.push(file);
        hands.push(h);
        return;
      }
      for (let i = from; i <= rest.length - (6 - taken); i++) split(i + 1, taken + 1, mask | rest[i]!);
    };
    split(0, 0, 0);
  }
  return { files, hands };
}

/** For each case file that some fitting deal has, how many deals fit. */
function caseFiles(all: Deals, fit: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const i of fit) counts.set(all.files[i]!, (counts.get(all.files[i]!) ?? 0) + 1);
  return counts;
}

/** The sum over categories of the entropy of the case file's card, the deals weighed as given. */
function entropyOf(files: readonly number[], weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let bits = 0;
  for (const cards of categories) {
    for (const card of cards) {
      let w = 0;
      files.forEach((file, i) => (w += file & card ? weights[i]! : 0));
      const p = w / total;
      if (p > 0 && p < 1) bits -= p * Math.log2(p);
    }
  }
  return bits;
}

/**
 * A suggestion of `named` asking `asked` in order, over the fitting deals: the entropy now, and
 * its drop expected over the answers, in each deal the first asked holding a named card showing
 * each one it holds with equal chance.
 */
function information(all: Deals, fit: readonly number[], named: number, asked: readonly number[]): { entropy: number; information: number } {
  const answers = new Map<string, { files: number[]; weights: number[] }>();
  for (const i of fit) {
    const refuter = asked.find((p) => (all.hands[i]![p]! & named) !== 0);
    const held = refuter === undefined ? [0] : [...Array(deck.all.length).keys()].map((c) => 1 << c).filter((c) => all.hands[i]![refuter]! & named & c);
    for (const card of held) {
      const key = `${refuter}:${card}`;
      const answer = answers.get(key) ?? { files: [], weights: [] };
      answer.files.push(all.files[i]!);
      answer.weights.push(1 / held.length);
      answers.set(key, answer);
    }
  }
  const entropy = entropyOf(fit.map((i) => all.files[i]!), fit.map(() => 1));
  let after = 0;
  for (const answer of answers.values()) after += (answer.weights.reduce((a, b) => a + b, 0) / fit.length) * entropyOf(answer.files, answer.weights);
  return { entropy, information: entropy - after };
}

/** Who a suggestion was put to, in order, read from its event and who still refutes: the first asked sets the direction. */
function askedIn(events: readonly GameEvent[], count: number, e: GameEvent): number[] {
  const out = new Set<number>();
  for (const event of events.slice(0, count)) if (event.type === 'eliminated' && event['stillShowsCards'] === false) out.add(event['seat'] as number);
  const suggester = e['seat'] as number;
  const first = (e['passed'] as number[])[0] ?? (e['refuter'] as number | null);
  if (first === null) return [];
  return [first, 3 - suggester - first].filter((p) => !out.has(p));
}

/**
 * The events of a record in order, how many there were once each step was played (index 0: the
 * setup), and the hands dealt (the seats' own cards: the setup deals them before any event).
 */
function eventsByStep(record: GameRecord): { events: readonly GameEvent[]; after: number[]; hands: number[] } {
  const made: number[] = [];
  let hands: number[] = [];
  const replay = replayRecord(record, {
    onStep: (state, step, events) => {
      if (step === null) hands = (state as ClueState).hands.map((hand) => hand.reduce((m, c) => m | bit(c), 0));
      else made.push(events.length);
    },
  });
  const after = [replay.events.length - made.reduce((a, b) => a + b, 0)];
  for (const n of made) after.push(after.at(-1)! + n);
  return { events: replay.events, after, hands };
}

function checkRecord(record: GameRecord): { accusations: number; certainties: number; suggestions: number } {
  const analysis = analyzeClueRecord(record);
  const { events, after, hands } = eventsByStep(record);
  let accusations = 0;
  let certainties = 0;
  let suggestions = 0;
  for (const seat of analysis.seats) {
    const all = deals(seat.seat, hands[seat.seat]!);
    const ruledOut = ruledOutAt(all, observations(events, seat.seat));
    const knownAfter = (step: number): Map<number, number> => caseFiles(all, fitting(ruledOut, after[step]!));
    const last = analysis.steps;
    if (seat.certainty === null) {
      // Never certain while the game went on: the step that ended it is not counted.
      expect(knownAfter(last - 1).size, `seat ${seat.seat} uncertain to the end`).toBeGreaterThan(1);
    } else {
      certainties++;
      expect(knownAfter(seat.certainty.step).size, `seat ${seat.seat} certain after step ${seat.certainty.step}`).toBe(1);
      if (seat.certainty.step > 0) expect(knownAfter(seat.certainty.step - 1).size, `seat ${seat.seat} not yet certain before`).toBeGreaterThan(1);
    }
    for (const accusation of seat.accusations) {
      accusations++;
      const known = knownAfter(accusation.step - 1);
      const total = [...known.values()].reduce((a, b) => a + b, 0);
      const named = bit(accusation.suspect) | bit(accusation.weapon) | bit(accusation.room);
      expect(accusation.probability).toBeCloseTo((known.get(named) ?? 0) / total, 9);
      expect(accusation.certain).toBe(known.size === 1);
    }
    for (const suggestion of seat.suggestions) {
      suggestions++;
      const made = events.slice(after[suggestion.step - 1], after[suggestion.step]).find((e) => e.type === 'suggested')!;
      const named = bit(suggestion.suspect) | bit(suggestion.weapon) | bit(suggestion.room);
      const asked = askedIn(events, after[suggestion.step - 1]!, made);
      const counted = information(all, fitting(ruledOut, after[suggestion.step - 1]!), named, asked);
      expect(suggestion.entropy).toBeCloseTo(counted.entropy, 9);
      expect(suggestion.information, `seat ${seat.seat}'s suggestion at step ${suggestion.step}`).toBeCloseTo(counted.information, 9);
    }
  }
  return { accusations, certainties, suggestions };
}

describe('the Clue analysis against an independent count of a seat\'s deals', () => {
  it('says when each seat became certain, each accusation\'s probability and each suggestion\'s information as the count does (Clue-Less, 3 players, several rules)', () => {
    const games = LONG ? 24 : 3;
    const rules: Record<string, unknown>[] = [{}, { refutation: 'clockwise' }, { wrongAccuser: 'leaves', accuserSeesCaseFile: true }];
    let accusations = 0;
    let certainties = 0;
    let suggestions = 0;
    for (let g = 0; g < games; g++) {
      const record = playClue('clueless', ['notebook', 'random', 'checklist'], 100 + g, rules[g % rules.length]);
      const found = checkRecord(record);
      accusations += found.accusations;
      certainties += found.certainties;
      suggestions += found.suggestions;
    }
    expect(suggestions).toBeGreaterThan(10);
    expect(accusations).toBeGreaterThan(0);
    expect(certainties).toBeGreaterThan(0);
  }, 600_000);

  it('the count itself tells a seat that knows nothing from one that knows the case file (self-test)', () => {
    const all = deals(0, categories[0]!.slice(1, 4).reduce((m, c) => m | c, 0) | categories[1]!.slice(1, 4).reduce((m, c) => m | c, 0));
    expect(all.files.length).toBe(3 * 3 * 9 * 924);
    const file = categories[0]![0]! | categories[1]![0]! | categories[2]![0]!;
    const ruledOut = ruledOutAt(all, [{ at: 1, check: (_, f) => f === file }]);
    expect(caseFiles(all, fitting(ruledOut, 0)).size).toBe(3 * 3 * 9);
    expect(caseFiles(all, fitting(ruledOut, 1)).size).toBe(1);
  });
});
