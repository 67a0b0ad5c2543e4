/** parlor as a library: the game contract, the games, and the System Players' reasoning. */
export * from './core/bot.js';
export * from './core/errors.js';
export * from './core/events.js';
export * from './core/game.js';
export * from './core/outcome.js';
export * from './core/record.js';
export * from './core/rng.js';
export * from './core/seat.js';
export { GAMES, findGame } from './games/registry.js';
export { playGame } from './harness/match.js';
export * from './deduction/index.js';
