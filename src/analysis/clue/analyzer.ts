import type { GameDefinition } from '../../core/game.js';
import type { GameRecord } from '../../core/record.js';
import type { Seat } from '../../core/seat.js';
import type { ClueAction } from '../../games/clue/actions.js';
import type { ClueVariantId } from '../../games/clue/cards.js';
import { deckOf } from '../../games/clue/deck.js';
import { clueGame } from '../../games/clue/game.js';
import type { AnalysisColumn, EntrantAnalysis, GameAnalyzer, RecordScores, ScoredDecision } from '../analysis.js';
import { fixed } from '../cells.js';
import { analyzeClueRecord } from './analyze.js';
import { CLUE_ANALYSIS_MODEL, type ClueAccusationScore, type ClueSeatAnalysis, type ClueSuggestionScore } from './clue-analysis.js';
import type { Triple } from './information.js';

const UNIT = 'bits';

/**
 * Half a bit short of the best suggestion is a suggestion that wasted much of a turn; an
 * accusation loses 0.5 bits below p = 0.71, 1 below an even chance, 2 below 1 in 4.
 */
const COSTLY = [0.5, 1, 2];

/**
 * A suggestion or an accusation in the game's words. Both name their room, and the game's words
 * read the state only for a suggestion that does not: none is needed.
 */
function words(game: GameDefinition, type: 'suggest' | 'accuse', t: Triple, seat: Seat): string {
  const action: ClueAction = { type, suspect: t.suspect, weapon: t.weapon, room: t.room };
  return game.describeAction(action, undefined, seat);
}

/** log2 of the variant's case files: what a blind guess's wrongness is worth, and an accusation's loss at most. */
function blindGuessBits(variant: string): number {
  return Math.log2(deckOf(variant as ClueVariantId).byCategory.reduce((product, cards) => product * cards.length, 1));
}

/**
 * An accusation's loss: -log2 p, the surprise of being right, 0 when certain. One the seat's own
 * notebook rules out (p = 0) would lose without bound: no accusation loses more than a blind guess
 * among every case file.
 */
function accusationLoss(probability: number, most: number): number {
  return probability >= 1 ? 0 : Math.min(most, -Math.log2(probability));
}

/** A probability as a note says it: two significant digits. */
function chance(p: number): string {
  return String(Number(p.toPrecision(2)));
}

function accusationDecision(game: GameDefinition, seat: Seat, a: ClueAccusationScore, most: number): ScoredDecision {
  const action = words(game, 'accuse', a, seat);
  return {
    step: a.step,
    seat,
    action,
    loss: accusationLoss(a.probability, most),
    best: a.probability >= a.best.probability ? action : words(game, 'accuse', a.best, seat),
    numbers: { probability: a.probability, bestProbability: a.best.probability, certain: a.certain ? 1 : 0, correct: a.correct ? 1 : 0 },
    note: `p = ${chance(a.probability)}, ${a.correct ? 'right' : 'wrong'}`,
  };
}

function suggestionDecision(game: GameDefinition, seat: Seat, s: ClueSuggestionScore): ScoredDecision {
  const action = words(game, 'suggest', s, seat);
  return {
    step: s.step,
    seat,
    action,
    loss: s.shortfall,
    best: s.shortfall === 0 ? action : words(game, 'suggest', s.best, seat),
    numbers: { information: s.information, bestInformation: s.best.information, entropy: s.entropy, options: s.options },
  };
}

/** A seat's aggregates as sums, so that an entrant's over games are their sums (the means: sums / suggestions). */
function seatNumbers(seat: ClueSeatAnalysis): Record<string, number> {
  const { summary } = seat;
  return {
    certainties: summary.certainties,
    turnsLost: summary.turnsLost,
    accusations: summary.accusations,
    wrong: summary.wrong,
    uncertain: summary.uncertain,
    wrongUncertain: summary.wrongUncertain,
    expectedWrong: summary.expectedWrong,
    suggestions: summary.suggestions,
    informationSum: seat.suggestions.reduce((sum, s) => sum + s.information, 0),
    shortfallSum: seat.suggestions.reduce((sum, s) => sum + s.shortfall, 0),
  };
}

/** Every accusation and suggestion of the record, in step order, from its seat's exact notebook. */
function analyzeClue(record: GameRecord, game: GameDefinition): RecordScores {
  const analysis = analyzeClueRecord(record);
  const most = blindGuessBits(record.variant);
  const decisions = analysis.seats
    .flatMap((seat) => [...seat.suggestions.map((s) => suggestionDecision(game, seat.seat, s)), ...seat.accusations.map((a) => accusationDecision(game, seat.seat, a, most))])
    .sort((a, b) => a.step - b.step);
  return { decisions, seatNumbers: analysis.seats.map(seatNumbers) };
}

/** An entrant's summed number, 0 where its games had none. */
function sum(e: EntrantAnalysis, key: string): number {
  return e.numbers[key] ?? 0;
}

/** A mean over an entrant's suggestions, in bits: three decimals, as the shortfalls are small. */
function perSuggestion(key: string): (e: EntrantAnalysis) => string {
  return (e) => (sum(e, 'suggestions') === 0 ? '-' : (sum(e, key) / sum(e, 'suggestions')).toFixed(3));
}

const COLUMNS: readonly AnalysisColumn[] = [
  { head: 'accusations', cell: (e) => String(sum(e, 'accusations')) },
  { head: 'without certainty', cell: (e) => String(sum(e, 'uncertain')) },
  { head: 'of those wrong', cell: (e) => String(sum(e, 'wrongUncertain')) },
  { head: 'wrong in all', cell: (e) => String(sum(e, 'wrong')) },
  { head: 'expected wrong', cell: (e) => fixed(sum(e, 'expectedWrong')) },
  { head: 'certain (games)', cell: (e) => String(sum(e, 'certainties')) },
  { head: 'turns lost', cell: (e) => String(sum(e, 'turnsLost')) },
  { head: 'per certainty', cell: (e) => (sum(e, 'certainties') === 0 ? '-' : fixed(sum(e, 'turnsLost') / sum(e, 'certainties'))) },
  { head: 'suggestions', cell: (e) => String(sum(e, 'suggestions')) },
  { head: 'information (bits)', cell: perSuggestion('informationSum') },
  { head: 'shortfall (bits)', cell: perSuggestion('shortfallSum') },
];

export const clueAnalyzer: GameAnalyzer = {
  gameId: clueGame.id,
  unit: UNIT,
  costly: COSTLY,
  caveat: () => CLUE_ANALYSIS_MODEL,
  analyze: analyzeClue,
  columns: COLUMNS,
  legend: () =>
    "Expected wrong: the sum of (1 - p) over the accusations, p each one's probability of being right when made: what the notebook expects of the wrong ones. Turns lost: the seat's turns in which its observations had fixed the case file and the rules let it accuse, ended without its accusation. Information: a suggestion's expected drop of the case file's entropy, and shortfall, the best legal suggestion's less its own: means over the suggestions. A decision's loss, in bits: a suggestion's shortfall; an accusation's -log2 p (0 when certain), at most log2 of the case files (a blind guess's).",
};
