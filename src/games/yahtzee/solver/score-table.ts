import { CATEGORIES, scoreCounts } from '../scoring.js';
import { keepFaceCounts, ROLLS } from './dice.js';

/** SCORE[r * 13 + c]: the points of roll r in category c (category order of CATEGORIES). */
export const SCORE = new Uint8Array(ROLLS * CATEGORIES.length);
for (let r = 0; r < ROLLS; r++) {
  const counts = Array.from(keepFaceCounts(r));
  for (let c = 0; c < CATEGORIES.length; c++) SCORE[r * CATEGORIES.length + c] = scoreCounts(c, counts);
}
