import type { Seat } from '../../core/seat.js';
import type { LikelyTriple, ScoredTriple, Triple } from './information.js';

/** What every Clue analysis says of its model, for its readers. */
export const CLUE_ANALYSIS_MODEL =
  "each seat is judged by its own observations only, as its exact notebook (parlor clue notebook) holds them: every deal consistent with them is equally likely, and the card a refuter chooses to show is taken as uninformative; a suggestion's information is the expected drop, in bits, of the case file's entropy (the sum of its three categories') over the answers the suggester could see, a refuter holding several of the cards showing each with equal chance (the answers and what they teach counted under that one model, so the information is never below 0)";

/** An accusation, scored when made. */
export interface ClueAccusationScore extends Triple {
  /** The record's step (from 1). */
  readonly step: number;
  /** The seat's own turn it was made in (1: its first). */
  readonly turn: number;
  /** The probability, from the seat's notebook then, that the case file is these cards. */
  readonly probability: number;
  /** The seat's observations had fixed the case file (to any cards). */
  readonly certain: boolean;
  readonly correct: boolean;
  /**
   * The legal accusation of the most probable case file then, with its probability (of several as
   * probable, the first in the rules' card order).
   */
  readonly best: LikelyTriple;
}

/** A suggestion, scored against every suggestion the seat could have made at that step. */
export interface ClueSuggestionScore extends Triple {
  readonly step: number;
  readonly turn: number;
  /** The case file's entropy before it, in bits. */
  readonly entropy: number;
  /** Its expected information, in bits. */
  readonly information: number;
  /** The legal suggestion of most expected information (the first such, in the rules' card order). */
  readonly best: ScoredTriple;
  /** best.information - information: never negative. */
  readonly shortfall: number;
  /** How many suggestions were legal: every one was scored. */
  readonly options: number;
}

/** When a seat's own observations first fixed the case file. */
export interface ClueCertainty {
  /** The record's step after which it was certain; 0: from the deal. */
  readonly step: number;
  /** The seat's own turns begun by then. */
  readonly turn: number;
}

/** A seat's aggregates, or an entrant's over several games (`mergeClueSummaries`). */
export interface ClueSeatSummary {
  /** Games (of the seat: 1) in which its observations fixed the case file while it played. */
  readonly certainties: number;
  /** The turns it let pass once certain, summed. */
  readonly turnsLost: number;
  readonly accusations: number;
  readonly wrong: number;
  /** Accusations made while the seat's observations had not fixed the case file. */
  readonly uncertain: number;
  readonly wrongUncertain: number;
  /** The sum of (1 - probability) over the accusations: the number of wrong ones the notebook expects. */
  readonly expectedWrong: number;
  readonly suggestions: number;
  /** null without suggestions. */
  readonly meanInformation: number | null;
  readonly meanShortfall: number | null;
}

export interface ClueSeatAnalysis {
  readonly seat: Seat;
  readonly name: string;
  /** The record's label for the seat's player. */
  readonly bot: string;
  readonly certainty: ClueCertainty | null;
  /**
   * The seat's turns in which its observations had fixed the case file and it could accuse, ended
   * without its accusation; null when never certain.
   */
  readonly turnsLost: number | null;
  readonly accusations: readonly ClueAccusationScore[];
  readonly suggestions: readonly ClueSuggestionScore[];
  readonly summary: ClueSeatSummary;
}

export interface ClueGameAnalysis {
  readonly game: 'clue';
  readonly variant: string;
  readonly model: string;
  /** The record's steps analysed (all of them but for a record of an engine error). */
  readonly steps: number;
  readonly seats: readonly ClueSeatAnalysis[];
}
