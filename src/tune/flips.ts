import { streamRng, type SeedKey } from '../core/rng.js';

/** The stream the perturbations are drawn from: a name no game or bot uses for its own streams. */
const FLIP_STREAM = 'tune:flip';

/**
 * Iteration `iteration`'s direction: +1 or -1 per parameter, each with chance 1/2 (Rademacher), from
 * the tuning's seed and the iteration alone, so that a resumed tuning, or one on other workers,
 * draws the same.
 */
export function flipsAt(key: SeedKey, iteration: number, count: number): number[] {
  const rng = streamRng(key, iteration, FLIP_STREAM);
  return Array.from({ length: count }, () => (rng.int(2) === 0 ? -1 : 1));
}
