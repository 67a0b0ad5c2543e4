import type { ScoredDecision } from '../analysis/analysis.js';
import type { Seat } from '../core/seat.js';
import type { PictureSetup } from '../drawing/pictures.js';

/** One step of the game as the viewer shows it. */
export interface ViewerStep {
  /** Who acted; null for the table as set up. */
  readonly seat: Seat | null;
  /**
   * The action chosen, in the game's words (`describeAction`), where this perspective may know it
   * (the narrator every action, a seat its own); null otherwise, and for a seat that left.
   */
  readonly action: string | null;
  /** The step's events as this perspective saw them, in the game's own words. */
  readonly lines: readonly string[];
  /** The picture's fields that changed since the step before (every field at the first step). */
  readonly changed: Readonly<Record<string, unknown>>;
}

/** A game's analysis (`parlor view --analyze`) as far as the perspective may see it. */
export interface ViewerAnalysis {
  /** The unit of a loss, plural: "points", "bits". */
  readonly unit: string;
  /** The thresholds of a costly decision, ascending: losses of at least the first are marked. */
  readonly costly: readonly number[];
  /** What the analysis assumes, shown once. */
  readonly caveat: string;
  /**
   * The scored decisions, each numbered as the viewer's steps are: the narrator's every seat's, a
   * seat's its own only (another seat's loss and best action come from what that seat knew).
   */
  readonly decisions: readonly ScoredDecision[];
}

/**
 * Everything a viewer file holds: plain JSON, and for a seat's perspective only what that seat
 * may know (no seed, no other seat's view, no event it did not see), so two games whose deals
 * differ only in cards the seat never saw give the same bytes.
 */
export interface ViewerData {
  readonly schema: 1;
  readonly game: string;
  readonly variant: string;
  /** "clue (classic)" and the players. */
  readonly title: string;
  readonly names: readonly string[];
  /** The seat whose eyes the game is seen through; null: the all-seeing narrator. */
  readonly seat: Seat | null;
  readonly setup: PictureSetup;
  readonly steps: readonly ViewerStep[];
  /** The winners by seat once the game is over (every game announces them), null for an unfinished game. */
  readonly winners: readonly Seat[] | null;
  /** With `--analyze` only: without it, a file is what it was before analyses existed. */
  readonly analysis?: ViewerAnalysis;
}
