/**
 * The least strength gap (natural-log units) consistent, at the one-sided level `tail`, with one
 * entrant finishing ahead of another in every one of their `games` meetings: the gap g at which that
 * has probability `tail`, sigmoid(g)^games = tail. An exact test, as the "rule of three" is for 0
 * successes in n trials. There is no greatest gap: the games cannot tell a large gap from an
 * infinite one.
 */
export function leastGap(games: number, tail: number): number {
  // tail^(-1/games) - 1, exactly for thousands of games too.
  return -Math.log(Math.expm1(-Math.log(tail) / games));
}
