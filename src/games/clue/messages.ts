/**
 * Every message a refused Clue action gets. Where the specs state the rule, the message is the
 * spec's sentence (UC12.10 verbatim; the others turned to "you"); the source is noted beside each.
 */
export const MESSAGES = {
  /** UC12.10 (verbatim). */
  exceeded: 'You have exceeded the number of dice rolled.',
  /** UC12.5. */
  exactCount: 'You may only move the number of squares determined by throwing the dice.',
  /** UC12.6. */
  diagonal: 'You may not move the character pawn diagonally.',
  /** UC12.1-4: horizontally or vertically, one square at a time. */
  notAdjacent: 'You may only move to an adjacent square, horizontally or vertically.',
  /** UC12.8. */
  twice: 'You may not enter the same square twice on the same turn.',
  /** UC12.9. */
  occupied: "You may not enter or land on a square that's already occupied by another suspect.",
  /** UC14.5. */
  blockedDoor: "You may not pass through a door that is blocked by an opponent's character pawn.",
  /** UC14.7. */
  reenter: 'You may not re-enter the same room on a single turn.',
  /** UC14.3-4: the door is the opening in the wall. */
  doorOnly: 'You may only enter or leave a room through its door.',
  /** UC14.6 and the published rules: entering a room ends the move. */
  roomEndsMove: 'Your move ends as soon as you enter a room.',
  /** UC13.3. */
  passageCorner: 'You have to be in one of the corner Rooms at the beginning of your turn in order to take the Secret Passage.',
  /** G.13. */
  hallFull: 'That hallway is occupied: a hall shall hold at most one person.',
  /** G.14. */
  firstMove: 'Your first move shall be to the hallway adjacent to your home square.',
  /** G.15.2. */
  cluelessStep: 'You may move from a room to a hall next to it, from a hall to one of the rooms it joins, or from a corner room to the opposite corner room.',
  /** G.15.2: a player shall attempt to move; only a player who cannot move forfeits the move (G.15.3). */
  mustMove: 'You shall move on your turn: you may forfeit your move only when you cannot move.',
  /** G.15.4. */
  mustSuggest: 'On entering a room you shall make a suggestion.',
  /** Spec 002: the passage slot is adjacent to both rooms, so it is taken as a step of a dice move. */
  passageSlot: 'The secret passage is a step of your move here: roll the dice, then move to the room it leads to.',
  /** G.16a, UC14: classic and Clue-Less suggest on entering a room. */
  suggestOnEntering: 'You can make a suggestion only after entering a room.',
  /** Spec 002: a hypothesis only inside a room. */
  suggestInRoom: 'You can formulate a hypothesis only from inside a room.',
  /** G.16b; spec 002 "the room of the hypothesis should be the same in which the player is placed". */
  suggestRoom: 'The room of the suggestion must be the room you are in.',
  suggestOnce: 'You have already made a suggestion this turn.',
  /** Glossary "Accusation": only one accusation throughout the game. */
  accuseOnce: 'You can only make one Accusation throughout the game.',
  /** G.17a: any time during their turn. */
  accuseInTurn: 'You can only make an accusation during your turn.',
  /** Spec 002: the accuser must be in the room in which the murder took place. */
  accuseRoom: 'To accuse you must be in the room in which you think the murder took place.',
  /** UC04 2.3 (verbatim). */
  weaponRoom: 'Each Weapon has to be placed in a different Room.',
  weaponPlaced: 'That weapon is already placed.',
  dieFace: 'Each die shows a number from 1 to 6.',
  gameOver: 'The game is over.',
  noPath: 'No legal path leads there with this roll.',
  emptyMove: 'A move needs at least one step.',
  pathEnd: 'The path must end at the destination.',
} as const;

export function notYourTurn(name: string): string {
  return `It is not your turn: ${name} is to act.`;
}

export function mustShow(cards: readonly string[]): string {
  return `You must show one of the named cards you hold: ${cards.join(', ')}.`;
}

export function notNow(what: string, allowed: readonly string[]): string {
  return `You cannot ${what} now: you may ${allowed.join(', ')}.`;
}

export function unknownName(kind: string, input: string, expected: readonly string[]): string {
  return `"${input}" is not a ${kind}: expected one of ${expected.join(', ')}.`;
}

/** A step nobody can place; the places it offers are the board's own (Clue-Less has rooms and hallways only). */
export function unknownPlace(input: string, board: 'classic' | 'clueless'): string {
  if (board === 'clueless') return `"${input}" is not a place on the board: give a room or a hallway, e.g. Hall-Lounge.`;
  return `"${input}" is not a place on the board: give a room, a square as x,y, or a direction N, E, S, W.`;
}
