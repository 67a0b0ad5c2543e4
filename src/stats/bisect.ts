/**
 * The root of `f` between `lo` and `hi`, where f is positive below its root and not above it: by
 * halving to double precision (the t and normal quantiles, the GSPRT's multiplier).
 */
export function bisect(lo: number, hi: number, f: (x: number) => number): number {
  // Stryker disable EqualityOperator,UpdateOperator,ConditionalExpression,LogicalOperator: the halving reaches double precision long before 200 steps and stops there whichever test ends it; every root it finds is pinned by its own tests
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  // Stryker restore EqualityOperator,UpdateOperator,ConditionalExpression,LogicalOperator
  return (lo + hi) / 2;
}
