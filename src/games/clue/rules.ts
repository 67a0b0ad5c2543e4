import { CARDS, type CardList, type ClueVariantId } from './cards.js';

/**
 * The three variants are one engine fed these descriptions: the table of issue 4, as data. Every
 * difference between the variants is a field here; the engine has no `if (variant === ...)`.
 */
export interface VariantRules {
  readonly id: ClueVariantId;
  readonly title: string;
  readonly cards: CardList;
  /** The suspects in the clockwise order of their start (home) squares, from Miss Scarlet. */
  readonly seating: readonly string[];
  /** Which suspect each seat plays when the options do not say: seat i plays the i-th. */
  readonly defaultSuspects: readonly string[];
  readonly board: 'classic' | 'clueless';
  /**
   * 'exact': roll two dice, move exactly that many squares, or fewer by entering a room (UC12).
   * 'upTo': roll two dice, move up to that many slots (spec 002). 'step': one step (G.15.2).
   */
  readonly movement: 'exact' | 'upTo' | 'step';
  /**
   * 'insteadOfRoll': from a corner room at the start of the turn, instead of rolling (UC13).
   * 'step': a one-step move between corner rooms (G.15.2c). 'slot': the passage slot is adjacent
   * to both rooms, so the passage is one step of a dice move (spec 002).
   */
  readonly passage: 'insteadOfRoll' | 'step' | 'slot';
  /** The player may end the turn without moving (classic "Pass", Cluedo's optional move); Clue-Less must move when it can. */
  readonly mayStay: boolean;
  /** 'onEntering': suggest in the room just entered (UC14, G.16a). 'inRoom': whenever in a room (spec 002). */
  readonly suggestWhere: 'onEntering' | 'inRoom';
  /** A player moved into a room by another's suggestion may suggest there on their next turn without moving. */
  readonly suggestWhereMoved: boolean;
  /** Entering a room obliges a suggestion (G.15.4 "shall"); otherwise the player may pass (UC14 1.2). */
  readonly mustSuggest: boolean;
  /** The turn ends with the hypothesis (spec 002: "the game can progress to the next player"). */
  readonly suggestionEndsTurn: boolean;
  /** 'clockwise': from the suggester's left (G.16e). 'counterclockwise': from the player who played just before (spec 002). */
  readonly refutation: 'clockwise' | 'counterclockwise';
  /** 'anywhere': any time in the turn. 'accusedRoom': only from inside the accused room (spec 002). */
  readonly accuseFrom: 'anywhere' | 'accusedRoom';
  /** The accused suspect and weapon are moved into the room (spec 002). */
  readonly accusationMovesPawns: boolean;
  /** A wrong accuser (and a player who leaves) still shows cards, or leaves with its cards kept secret. */
  readonly wrongAccuser: 'showsCards' | 'leaves';
  /** The accuser looks at the case file (glossary "Accusation", UC21, S.10). */
  readonly accuserSeesCaseFile: boolean;
  /** 'seating': Miss Scarlet first, or the first player clockwise from her (UC10, G.3). 'creation': seat order (spec 002). */
  readonly turnOrder: 'seating' | 'creation';
}

const CLASSIC_SEATING = ['Miss Scarlet', 'Colonel Mustard', 'Mrs. White', 'Mr. Green', 'Mrs. Peacock', 'Professor Plum'];

export const VARIANTS: Readonly<Record<ClueVariantId, VariantRules>> = {
  classic: {
    id: 'classic',
    title: 'Clue on the classic 24x25 board (spec 000, UC01-UC33)',
    cards: CARDS.classic,
    seating: CLASSIC_SEATING,
    defaultSuspects: CLASSIC_SEATING,
    board: 'classic',
    movement: 'exact',
    passage: 'insteadOfRoll',
    mayStay: true,
    suggestWhere: 'onEntering',
    suggestWhereMoved: true,
    mustSuggest: false,
    suggestionEndsTurn: false,
    refutation: 'clockwise',
    accuseFrom: 'anywhere',
    accusationMovesPawns: false,
    wrongAccuser: 'showsCards',
    accuserSeesCaseFile: true,
    turnOrder: 'seating',
  },
  clueless: {
    id: 'clueless',
    title: 'Clue-Less: 3x3 rooms, one-person hallways (spec 001, G.3-G.17)',
    cards: CARDS.clueless,
    seating: CLASSIC_SEATING,
    defaultSuspects: CLASSIC_SEATING,
    board: 'clueless',
    movement: 'step',
    passage: 'step',
    mayStay: false,
    suggestWhere: 'onEntering',
    suggestWhereMoved: true,
    mustSuggest: true,
    suggestionEndsTurn: false,
    refutation: 'clockwise',
    accuseFrom: 'anywhere',
    accusationMovesPawns: false,
    wrongAccuser: 'showsCards',
    accuserSeesCaseFile: true,
    turnOrder: 'seating',
  },
  cluedo: {
    id: 'cluedo',
    title: 'Cluedo: slots, hypotheses refuted backwards, accusation in the room (spec 002)',
    cards: CARDS.cluedo,
    seating: ['Miss Scarlett', 'Colonel Mustard', 'Mrs White', 'Reverend Mr Green', 'Mrs. Peacock', 'Professor Plum'],
    defaultSuspects: CARDS.cluedo.suspects,
    board: 'classic',
    movement: 'upTo',
    passage: 'slot',
    mayStay: true,
    suggestWhere: 'inRoom',
    suggestWhereMoved: false,
    mustSuggest: false,
    suggestionEndsTurn: true,
    refutation: 'counterclockwise',
    accuseFrom: 'accusedRoom',
    accusationMovesPawns: true,
    wrongAccuser: 'leaves',
    accuserSeesCaseFile: false,
    turnOrder: 'creation',
  },
};
