import type { GameScripts } from '../game-scripts.js';

/**
 * Clue's check: Clue-Less in the first and last seat of three, classic Clue in seat 1 of four, turns
 * capped; each played on (up to 8 games) until the bot has had to choose which of several cards to
 * show a suggester, the decision where a bot can leak its hand.
 */
export const clueScripts: GameScripts = {
  game: 'clue',
  scripts: [
    { variant: 'clueless', config: { maxTurns: 150 }, players: 3, seat: 0 },
    { variant: 'clueless', config: { maxTurns: 150 }, players: 3, seat: 2 },
    { variant: 'classic', config: { maxTurns: 60 }, players: 4, seat: 1 },
  ],
  choice: { name: 'refutation choice', asked: 'choose which card to show', is: (legal) => legal.length > 1 && legal.every((a) => a.type === 'show'), tries: 8 },
};
