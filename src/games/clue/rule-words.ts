import { RULE_NAMES, type ClueRules, type RuleName } from './rules.js';

/** Each rule's values as a player reads them: one sentence each, addressed to the player. */
const WORDS: { readonly [K in RuleName]: Readonly<Record<`${ClueRules[K]}`, string>> } = {
  movement: { exact: 'You roll two dice and move exactly that many squares, or fewer by entering a room.', upTo: 'You roll two dice and move up to that many squares.', step: 'You move one step a turn.' },
  passage: { insteadOfRoll: 'A secret passage is taken instead of rolling.', step: 'A secret passage is a one-step move.', slot: 'A secret passage is one step of a dice move.' },
  mayStay: { true: 'You may end your turn without moving.', false: 'You must move when you can.' },
  suggestWhere: { onEntering: 'You make a suggestion in the room you have just entered.', inRoom: 'You may make a suggestion whenever you are in a room.' },
  suggestWhereMoved: {
    true: "Moved into a room by someone's suggestion, you may suggest there on your next turn without moving.",
    false: "Moved into a room by someone's suggestion, you must move before you suggest.",
  },
  mustSuggest: { true: 'Entering a room, you must make a suggestion.', false: 'Entering a room, you may make a suggestion or not.' },
  suggestionEndsTurn: { true: 'A suggestion ends your turn.', false: 'After a suggestion you may still accuse.' },
  refutation: { clockwise: 'A suggestion is disproved from the suggester’s left, clockwise.', counterclockwise: 'A suggestion is disproved from the suggester’s right, counterclockwise.' },
  accuseFrom: { anywhere: 'You may accuse wherever you are.', accusedRoom: 'You may accuse only from inside the room you name.' },
  accusationMovesPawns: { true: 'An accusation moves the suspect and weapon it names into its room.', false: 'An accusation moves no pawn.' },
  wrongAccuser: { showsCards: 'A wrong accuser makes no further moves but still shows cards.', leaves: 'A wrong accuser leaves the game, its cards kept secret.' },
  accuserSeesCaseFile: { true: 'The accuser looks at the case file.', false: 'The accuser does not look at the case file.' },
  turnOrder: { seating: 'Miss Scarlet plays first, then clockwise.', creation: 'The players take turns in the order they sat down.' },
};

/** One rule as a sentence for a player. */
export function ruleWords<K extends RuleName>(name: K, rules: ClueRules): string {
  return (WORDS[name] as Readonly<Record<string, string>>)[String(rules[name])]!;
}

/** The rules of `rules` that differ from `usual` (the variant's own), one sentence each, in the rules' order. */
export function rulesChanged(rules: ClueRules, usual: ClueRules): string[] {
  return RULE_NAMES.filter((name) => rules[name] !== usual[name]).map((name) => ruleWords(name, rules));
}
