import type { GameBench } from '../game-bench.js';
import { clueBench } from './clue.js';
import { deadwoodBench } from './deadwood.js';
import { yahtzeeBench } from './yahtzee.js';

/** The games the benches measure, each by its own file; a game without one is measured by none. */
export const GAME_BENCHES: readonly GameBench[] = [clueBench, deadwoodBench, yahtzeeBench];
