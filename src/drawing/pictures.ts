/**
 * What a replay viewer draws at one step of a game, per game: plain JSON built from a state
 * (the all-seeing narrator) or from one seat's view, so that a seat's file holds nothing that seat
 * may not know. The viewer's Node side builds them (src/viewer/pictures), the drawing modules of
 * this folder draw them.
 */
import type { Room, SceneCard } from '../games/deadwood/data.js';
import type { CluelessPlan } from './clueless-layout.js';

export interface Triple {
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
}

/**
 * A seat's exact deduction grid, compact: for each card (in `cards` order) and owner (in `owners`
 * order, the case file last), the probability that the owner holds it: exactly 1 and 0 are known.
 */
export interface CompactGrid {
  readonly owners: readonly string[];
  readonly cards: readonly string[];
  /** Card-major, rounded to 1/1000 except the exact 0 and 1. */
  readonly p: readonly number[];
  /** How many deals fit, a decimal string. */
  readonly worlds: string;
  readonly solution: Triple | null;
}

export interface CluePicture {
  readonly kind: 'clue';
  /** Suspect -> node name (a room, a square "x,y", a hallway "Room-Room", a home). */
  readonly pawns: Readonly<Record<string, string>>;
  /** Weapon -> room. */
  readonly weapons: Readonly<Record<string, string>>;
  readonly dice: readonly number[] | null;
  /** By seat: the cards this perspective may see, null where it may not. */
  readonly hands: readonly (readonly string[] | null)[];
  /** The case file, when this perspective may know it. */
  readonly caseFile: Triple | null;
  readonly toAct: number | null;
  readonly winner: number | null;
  /** By seat: "", "accused wrongly", "left", or "solved: place N". */
  readonly notes: readonly string[];
  /** A seat's own exact grid (the `--as` perspective only). */
  readonly grid: CompactGrid | null;
}

export interface ClueSetup {
  readonly kind: 'clue';
  readonly variant: string;
  /** By seat, the suspect each player moves. */
  readonly suspects: readonly string[];
  /** The suspects in the board's seating order (start square n belongs to seating[n - 1]). */
  readonly seating: readonly string[];
  /** Clue-Less draws its 3x3 plan; the classic and Cluedo rules share the 24x25 board. */
  readonly plan: CluelessPlan | null;
  readonly cards: { readonly suspects: readonly string[]; readonly weapons: readonly string[]; readonly rooms: readonly string[] };
}

/** A scene card as drawn: the card without its id, which would tell a face-down card apart. */
export type DeadwoodScene = Omit<SceneCard, 'id'>;

export interface DeadwoodPicture {
  readonly kind: 'deadwood';
  readonly day: number;
  readonly days: number;
  readonly current: number;
  readonly over: boolean;
  readonly players: readonly {
    readonly name: string;
    readonly room: string;
    readonly rank: number;
    readonly dollars: number;
    readonly credits: number;
    /** The role worked: its name and whether it is on the card (starring) or the set (extra). */
    readonly role: { readonly name: string; readonly on: 'card' | 'set' } | null;
    readonly chips: number;
    readonly departed: boolean;
  }[];
  readonly sets: readonly {
    readonly room: string;
    /** The scene card, face up; or, face down, shown to the narrator only (`faceDown`). */
    readonly scene: DeadwoodScene | null;
    readonly faceDown: DeadwoodScene | null;
    readonly wrapped: boolean;
    readonly shotsLeft: number;
    readonly starring: readonly (number | null)[];
    readonly extras: readonly (number | null)[];
  }[];
  readonly deckSize: number;
}

export interface DeadwoodSetup {
  readonly kind: 'deadwood';
  readonly rooms: readonly Omit<Room, 'neighbours'>[];
}

export interface YahtzeePicture {
  readonly kind: 'yahtzee';
  readonly game: number;
  readonly games: number;
  readonly round: number;
  readonly toAct: number | null;
  /** The dice this perspective sees, by position; null when it sees none. */
  readonly dice: readonly number[] | null;
  /** By position: the die was held through the roll that made these dice. */
  readonly held: readonly boolean[];
  readonly rolls: number;
  /** By seat: the score sheet in category order (null where not scored), or null where it is private. */
  readonly sheets: readonly ((readonly (number | null)[]) | null)[];
  /** By seat: this game's total so far, or null where private. */
  readonly totals: readonly (number | null)[];
  readonly winner: { readonly names: readonly string[]; readonly score: number } | null;
}

export interface YahtzeeSetup {
  readonly kind: 'yahtzee';
  /** The categories' names as the game words them, in score sheet order. */
  readonly categories: readonly string[];
}

/**
 * Any game without a picture of its own: a seat's view, or for the narrator the whole state, as the
 * readable tree the terminal prints too (src/core/readable-view.ts).
 */
export interface ViewPicture {
  readonly kind: 'view';
  readonly lines: readonly string[];
}

export interface ViewSetup {
  readonly kind: 'view';
}

export type Picture = CluePicture | DeadwoodPicture | YahtzeePicture | ViewPicture;
export type PictureSetup = ClueSetup | DeadwoodSetup | YahtzeeSetup | ViewSetup;
