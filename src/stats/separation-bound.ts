/** One kind of meeting across a separation: its winner always finished ahead of its loser. */
export interface OneWayPairing {
  /** The fitted log-strength of the winner minus the loser's (natural-log units). */
  readonly gap: number;
  /** How many times they met. */
  readonly games: number;
}

/** log(1 / (1 + e^-z)), without overflow either way. */
function logSigmoid(z: number): number {
  return z >= 0 ? -Math.log1p(Math.exp(-z)) : z - Math.log1p(Math.exp(z));
}

/**
 * Two groups whose every meeting went the same way: how much closer together they can be than the
 * fit placed them, at the one-sided level `tail`. Moving the losers up by v shrinks every gap by v;
 * the answer is the largest v at which all the meetings still going the winners' way has
 * probability at least `tail` (an exact test, as the "rule of three" is for 0 of n). The other way
 * there is no limit: the games cannot tell a large gap from an infinite one.
 */
export function closestApproach(pairings: readonly OneWayPairing[], tail: number): number {
  const logTail = Math.log(tail);
  // The log-probability of the observed outcome, falling as the groups move closer.
  const excess = (v: number): number => pairings.reduce((sum, p) => sum + p.games * logSigmoid(p.gap - v), 0) - logTail;
  let below = 0;
  let above = 0;
  if (excess(0) > 0) for (above = 1; excess(above) > 0; above *= 2) below = above;
  else for (below = -1; excess(below) <= 0; below *= 2) above = below;
  for (let i = 0; i < 200 && above - below > 1e-12; i++) {
    const middle = (below + above) / 2;
    if (excess(middle) > 0) below = middle;
    else above = middle;
  }
  return below;
}
