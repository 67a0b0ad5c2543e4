import { InputError } from '../../core/errors.js';
import { CARDS, type CardList, type ClueVariantId } from './cards.js';

/**
 * The rules a game is played by. Each field is an option of the game (`--set suggestionEndsTurn=true`)
 * whose default is the variant's value (`VARIANTS[id].rules`); a game's effective rules are in its
 * state and in every seat's view (public: everyone at the table knows them), and everything that
 * plays or reasons reads them there, never the variant's table.
 */
export interface ClueRules {
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

export type RuleName = keyof ClueRules;

/** Every rule option and the values it takes, in the order the docs list them: the config schema and the tests read it. */
export const RULE_VALUES: { readonly [K in RuleName]: readonly ClueRules[K][] } = {
  movement: ['exact', 'upTo', 'step'],
  passage: ['insteadOfRoll', 'step', 'slot'],
  mayStay: [true, false],
  suggestWhere: ['onEntering', 'inRoom'],
  suggestWhereMoved: [true, false],
  mustSuggest: [true, false],
  suggestionEndsTurn: [true, false],
  refutation: ['clockwise', 'counterclockwise'],
  accuseFrom: ['anywhere', 'accusedRoom'],
  accusationMovesPawns: [true, false],
  wrongAccuser: ['showsCards', 'leaves'],
  accuserSeesCaseFile: [true, false],
  turnOrder: ['seating', 'creation'],
};

export const RULE_NAMES = Object.keys(RULE_VALUES) as readonly RuleName[];

/**
 * One variant: its cards, its board and seating, and the rules it is played by unless the options
 * say otherwise. The three variants are one engine fed these descriptions, the table of issue 4
 * as data: every difference between them is a field here, and the engine has no
 * `if (variant === ...)`.
 */
export interface ClueVariant {
  readonly id: ClueVariantId;
  readonly title: string;
  readonly cards: CardList;
  /** The suspects in the clockwise order of their start (home) squares, from Miss Scarlet. */
  readonly seating: readonly string[];
  /** Which suspect each seat plays when the options do not say: seat i plays the i-th. */
  readonly defaultSuspects: readonly string[];
  readonly board: 'classic' | 'clueless';
  /** The variant's own rules: each one the default of its option. */
  readonly rules: ClueRules;
}

const CLASSIC_SEATING = ['Miss Scarlet', 'Colonel Mustard', 'Mrs. White', 'Mr. Green', 'Mrs. Peacock', 'Professor Plum'];

export const VARIANTS: Readonly<Record<ClueVariantId, ClueVariant>> = {
  classic: {
    id: 'classic',
    title: 'Clue on the classic 24x25 board (spec 000, UC01-UC33)',
    cards: CARDS.classic,
    seating: CLASSIC_SEATING,
    defaultSuspects: CLASSIC_SEATING,
    board: 'classic',
    rules: {
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
  },
  clueless: {
    id: 'clueless',
    title: 'Clue-Less: 3x3 rooms, one-person hallways (spec 001, G.3-G.17)',
    cards: CARDS.clueless,
    seating: CLASSIC_SEATING,
    defaultSuspects: CLASSIC_SEATING,
    board: 'clueless',
    rules: {
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
  },
  cluedo: {
    id: 'cluedo',
    title: 'Cluedo: slots, hypotheses refuted backwards, accusation in the room (spec 002)',
    cards: CARDS.cluedo,
    seating: ['Miss Scarlett', 'Colonel Mustard', 'Mrs White', 'Reverend Mr Green', 'Mrs. Peacock', 'Professor Plum'],
    defaultSuspects: CARDS.cluedo.suspects,
    board: 'classic',
    rules: {
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
  },
};

/**
 * What each board's geometry can play, and why not the rest. The classic board is squares walked
 * by a roll of the dice (Cluedo's slots are its squares); the Clue-Less grid is rooms and hallways
 * walked one step a turn. Every other rule works on either board.
 */
const BOARD_PLAYS: Readonly<Record<ClueVariant['board'], { readonly [K in 'movement' | 'passage']: { readonly allowed: readonly ClueRules[K][]; readonly why: string } }>> = {
  classic: {
    movement: { allowed: ['exact', 'upTo'], why: 'the classic board is squares walked by a roll of the dice; a one-step move needs the Clue-Less grid of rooms and hallways' },
    passage: { allowed: ['insteadOfRoll', 'slot'], why: 'on the classic board a passage replaces the roll or is one step of a dice move; a passage as a move of its own needs the Clue-Less grid' },
  },
  clueless: {
    movement: { allowed: ['step'], why: 'the Clue-Less grid of rooms and hallways is walked one step a turn: it has no squares to count a roll of the dice on' },
    passage: { allowed: ['step'], why: 'on the Clue-Less grid nobody rolls, so a passage is a one-step move, neither instead of a roll nor a step of one' },
  },
};

/**
 * The rules a game of `variant` is played by: the variant's own, with each option `options` sets
 * in its place. A movement or passage the variant's board cannot play is an InputError saying why,
 * in one line. Made once per game; without overrides it is the variant's own (frozen) object.
 */
export function effectiveRules(variant: ClueVariant, options: Partial<ClueRules>): ClueRules {
  const own = variant.rules;
  const changed = RULE_NAMES.filter((name) => options[name] !== undefined && options[name] !== own[name]);
  const rules: ClueRules = changed.length === 0 ? own : Object.freeze({ ...own, ...Object.fromEntries(changed.map((name) => [name, options[name]])) });
  for (const name of ['movement', 'passage'] as const) {
    const plays = BOARD_PLAYS[variant.board][name];
    if (!(plays.allowed as readonly string[]).includes(rules[name])) {
      throw new InputError(`${name}=${rules[name]} cannot be played in ${variant.id}: ${plays.why} (${variant.id} allows ${name}=${plays.allowed.join(' or ')})`);
    }
  }
  return rules;
}

// Every game without overrides hands its variant's rules object to each seat's view: frozen, no bot can change it.
for (const variant of Object.values(VARIANTS)) Object.freeze(variant.rules);
