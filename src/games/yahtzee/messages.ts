/**
 * The messages of the specification's three operational-relation tables, verbatim (one typo
 * fixed, see README.md), and the engine's own messages for what the tables do not cover, in the
 * same voice.
 */

/** UC-01 variant 1. */
export const NAME_INVALID = 'The name that you have selected is invalid. Please select another name.';
/** UC-01 variant 2. */
export const ROLL_FOR_ORDER = 'Please roll the die to determine the order of your turn.';
/** UC-01 variant 4: the totals of the whole series ("Yahtzee Game"). */
export const SERIES_TOTAL = 'Your total score for the game is the following.';
/** UC-01 variant 5. */
export const WINNER = 'The winner for the game is the following player.';
/** UC-02 variant 4: the total of one game. */
export const GAME_TOTAL = 'Your total score for the game is below.';
/** UC-02 variant 5 (the spec reads "You cannot player more than 13 turns"). */
export const FOURTEENTH_TURN = 'You cannot play more than 13 turns in a game. The game has ended; please wait to receive your score.';
/** UC-03 variant 1. */
export const DICE_INVALID = 'The value of the dice is not between 1 and 6. Please roll again.';
/** UC-03 variant 4. */
export const FOURTH_ROLL = 'You cannot roll the dice more than three times in a turn. Please score your turn in the score sheet.';
/** UC-03 variant 6. */
export const SCORE_INVALID = 'The score you have entered is invalid for this category. Please select another scoring value.';
/** UC-03 variant 7. */
export const CATEGORY_SCORED = 'This category has already been scored. Please select another scoring category.';

/** UC-02's NFR, for a player who has played this round and tries to play again before the others. */
export const ROUND_NOT_COMPLETE = 'All players must complete a turn in the game before anyone can play the next turn.';
export const ORDER_DECIDED = 'The order of your turn has already been determined.';
export const ORDER_ALREADY_ROLLED = 'You have already rolled the die to determine the order of your turn.';
export const FIRST_ROLL_ALL_DICE = 'The first roll of a turn rolls all five dice. Please roll without holding any dice.';
export const ROLL_BEFORE_SCORING = 'Please roll the dice before you score your turn.';
export const HOLD_INVALID = 'The dice to hold are a number from 0 to 31 (add 1 for the first die, 2 for the second, 4, 8 and 16 for the others).';
export const LEFT_GAME = 'You have left the game.';

export function waitForTurn(name: string): string {
  return `It is ${name}'s turn. Please wait for your turn.`;
}

export function typedDiceCount(unheld: number): string {
  return `Please enter the values of the ${unheld} un-held dice.`;
}

export function unknownCategory(category: unknown): string {
  return `There is no scoring category ${JSON.stringify(category)}.`;
}

export function unknownAction(type: unknown): string {
  return `There is no action ${JSON.stringify(type)} in Yahtzee: roll, score or rollOrder.`;
}
