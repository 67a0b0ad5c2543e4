/**
 * parlor as a library in Node (`import ... from 'parlor'`): everything the browser entry exports
 * (browser.ts: the games, `createTable`, the bots, the deduction library). In Node, Yahtzee's
 * optimal bot reads its solved table from the disk cache instead of building it in each process.
 */
import './games/yahtzee/solver/load.js';

export * from './browser.js';
