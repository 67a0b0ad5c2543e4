import { refutationOrder } from '../../../bots/clue/refutation.js';
import { InputError } from '../../core/errors.js';
import type { GameEvent } from '../../core/events.js';
import type { GameRecord } from '../../core/record.js';
import type { Seat } from '../../core/seat.js';
import type { ClueAction } from '../../games/clue/actions.js';
import type { ClueEvent } from '../../games/clue/events.js';
import { legalActions, turnOptions } from '../../games/clue/legal.js';
import { viewOf } from '../../games/clue/seat-view.js';
import type { ClueState } from '../../games/clue/state.js';
import { replayRecord } from '../../referee/replay.js';
import { notReplayed } from '../step-by-step.js';
import {
  CLUE_ANALYSIS_MODEL,
  type ClueAccusationScore,
  type ClueCertainty,
  type ClueGameAnalysis,
  type ClueSuggestionScore,
} from './clue-analysis.js';
import { accusationProbability, likeliestAccusation, scoreSuggestions, type ScoredTriple, type Triple } from './information.js';
import { SeatKnowledge } from './seat-knowledge.js';
import { summarizeSeat } from './summary.js';

/** A decision seen before its step is played, scored once its events name its cards. */
interface Deciding {
  readonly seat: Seat;
  readonly step: number;
  readonly turn: number;
  /** The game's turn number, for the turns lost. */
  readonly gameTurn: number;
  readonly certain: boolean;
  /** For a suggestion: every legal one, scored, and the entropy before. */
  readonly options?: readonly ScoredTriple[];
  /** For an accusation: every legal one. */
  readonly accusations?: readonly Triple[];
  readonly entropy?: number;
}

/** Everything gathered about one seat while the record replays. */
interface SeatTrack {
  turns: number;
  certainty: ClueCertainty | null;
  /** The game's turns in which the seat was certain and could accuse. */
  readonly chances: Set<number>;
  /** The game's turn of its accusation, once made. */
  accusedIn: number | null;
  readonly accusations: ClueAccusationScore[];
  readonly suggestions: ClueSuggestionScore[];
}

const triple = (e: { suspect: string; weapon: string; room: string }): Triple => ({ suspect: e.suspect, weapon: e.weapon, room: e.room });

/**
 * Every accusation and suggestion of every seat of a Clue record, scored with what that seat knew
 * then (CLUE_ANALYSIS_MODEL): the record is replayed, and each seat's knowledge is read from its
 * own view at each step, never from the hidden deal. A suggestion is scored against every legal
 * suggestion of its step, exactly (no bound on the search). A record that no longer replays as
 * recorded cannot be analysed: its steps are not the game it records.
 */
export function analyzeClueRecord(record: GameRecord): ClueGameAnalysis {
  if (record.game !== 'clue') throw new InputError(`the Clue analysis reads Clue records, and this one is of ${record.game}`);
  const tracks: SeatTrack[] = record.seats.map(() => ({ turns: 0, certainty: null, chances: new Set(), accusedIn: null, accusations: [], suggestions: [] }));
  let seats: SeatKnowledge[] | null = null;
  let gameTurn = -1;
  let played = 0;
  let deciding: Deciding | null = null;

  const replay = replayRecord(record, {
    onStep: (raw, step, events) => {
      const state = raw as ClueState;
      if (step !== null) played++;
      if (deciding !== null) {
        score(deciding, events, seats![deciding.seat]!, tracks[deciding.seat]!);
        deciding = null;
      }
      const views = state.players.map((_, seat) => viewOf(state, seat));
      if (seats === null) seats = views.map((view) => new SeatKnowledge(view));
      else seats.forEach((seat, s) => seat.catchUp(views[s]!));
      if (state.turn !== null && state.phase !== 'placeWeapons' && state.turnNumber !== gameTurn) {
        gameTurn = state.turnNumber;
        tracks[state.turn]!.turns++;
      }
      // Certainty at the end, when a correct accusation tells the table, is no longer of use to
      // anyone; nor to a seat that left the game.
      if (state.phase !== 'over') {
        seats.forEach((seat, s) => {
          const track = tracks[s]!;
          if (track.certainty === null && !state.players[s]!.departed && seat.now().solution() !== null) track.certainty = { step: played, turn: track.turns };
        });
      }
      const next = record.steps[played];
      if (next === undefined || 'forfeit' in next || next.seat !== state.toAct) return;
      const seat = next.seat;
      const track = tracks[seat]!;
      const certain = track.certainty !== null;
      if (certain && seat === state.turn && turnOptions(state).accuse) track.chances.add(state.turnNumber);
      const action = next.action as ClueAction;
      const at = { seat, step: played + 1, turn: track.turns, gameTurn: state.turnNumber, certain };
      if (action.type === 'accuse') deciding = { ...at, accusations: legalActions(state, seat).flatMap((a) => (a.type === 'accuse' ? [triple(a)] : [])) };
      else if (action.type === 'suggest') {
        const knowledge = seats[seat]!.now();
        const options = legalActions(state, seat).flatMap((a) => (a.type === 'suggest' ? [{ suspect: a.suspect, weapon: a.weapon, room: a.room ?? views[seat]!.room! }] : []));
        const { entropy, scored } = scoreSuggestions(knowledge, seats[seat]!.deck, refutationOrder(views[seat]!, seat), options);
        deciding = { ...at, options: scored, entropy };
      }
    },
  });
  if (replay.verdict === 'differs') throw notReplayed(replay.mismatch!);

  return {
    game: 'clue',
    variant: record.variant,
    model: CLUE_ANALYSIS_MODEL,
    steps: played,
    seats: tracks.map((track, seat) => ({
      seat,
      name: record.seats[seat]!.name,
      bot: record.seats[seat]!.bot,
      certainty: track.certainty,
      turnsLost: turnsLost(track),
      accusations: track.accusations,
      suggestions: track.suggestions,
      summary: summarizeSeat(track.accusations, track.suggestions, turnsLost(track)),
    })),
  };
}

/** The turns in which the seat was certain and could accuse, before its accusation; null if never certain. */
function turnsLost(track: SeatTrack): number | null {
  return track.certainty === null ? null : [...track.chances].filter((t) => track.accusedIn === null || t < track.accusedIn).length;
}

/** Scores a decision from the events its step made, before the seat's knowledge reads them. */
function score(d: Deciding, events: readonly GameEvent[], knowledge: SeatKnowledge, track: SeatTrack): void {
  const place = { step: d.step, turn: d.turn };
  for (const event of events) {
    const e = event as unknown as ClueEvent;
    if (e.type === 'accused' && e.seat === d.seat) {
      track.accusedIn = d.gameTurn;
      const known = knowledge.now();
      const probability = accusationProbability(known, knowledge.deck, e);
      const best = likeliestAccusation(known, knowledge.deck, d.accusations!);
      track.accusations.push({ ...triple(e), ...place, probability, certain: d.certain, correct: e.correct, best });
      return;
    }
    if (e.type === 'suggested' && e.seat === d.seat && d.options !== undefined) {
      const chosen = d.options.find((o) => o.suspect === e.suspect && o.weapon === e.weapon && o.room === e.room);
      if (chosen === undefined) throw new Error(`clue analysis: step ${d.step}'s suggestion is not among the legal ones`);
      const best = d.options.reduce((a, b) => (b.information > a.information ? b : a));
      track.suggestions.push({ ...triple(e), ...place, entropy: d.entropy!, information: chosen.information, best, shortfall: Math.max(0, best.information - chosen.information), options: d.options.length });
      return;
    }
  }
}
