/** The two-sided 95% normal quantile. */
export const Z95 = 1.959963984540054;

/**
 * The Wilson score interval for `successes` out of `trials` (successes may be fractional: a shared
 * win counts 1/k). Unlike the plain normal interval it stays inside [0, 1] and behaves near 0 and 1.
 */
export function wilsonInterval(successes: number, trials: number, z = Z95): [number, number] {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: with no trials the exact ends below give [0, 1] all the same
  if (trials <= 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const spread = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const scale = 1 + z2 / trials;
  // At p = 0 or 1 the bound is exactly 0 or 1; rounding would otherwise leave 0.9999999999999999.
  return [successes <= 0 ? 0 : Math.max(0, (centre - spread) / scale), successes >= trials ? 1 : Math.min(1, (centre + spread) / scale)];
}
