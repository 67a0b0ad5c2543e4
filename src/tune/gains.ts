/**
 * SPSA's gain schedules as fishtest runs them (Spall's a_k and c_k, fitted to the end of the run),
 * counted in deals: one deal is what fishtest calls a game pair, the two versions in every seat of
 * one deal, so k and the total are deals and the schedule does not change with how many deals one
 * iteration plays.
 *
 *   c_k = c / k^gamma               c = c_end * total^gamma          (c_total = c_end)
 *   a_k = a / (A + k)^alpha         a = r_end * c_end^2 * (A + total)^alpha
 *   A   = aRatio * total
 *
 * c_end is the perturbation at the last deal (per parameter, `:step` of --params), r_end the
 * learning rate there: the step of one deal's result is a_k / c_k, which at the end is r_end * c_end.
 */
export interface GainSettings {
  /** The decay of the step; fishtest's 0.602 (Spall's practical value). */
  readonly alpha: number;
  /** The decay of the perturbation; fishtest's 0.101. */
  readonly gamma: number;
  /** A, the stability constant, as a share of the deals of the whole tuning; fishtest's 0.1. */
  readonly aRatio: number;
  /** The learning rate at the end; fishtest's 0.002. */
  readonly rEnd: number;
}

export const FISHTEST_GAINS: GainSettings = { alpha: 0.602, gamma: 0.101, aRatio: 0.1, rEnd: 0.002 };

/** fishtest's perturbation at the end when none is given: a twentieth of the range. */
export const C_END_SHARE = 1 / 20;

/** One parameter's gains at deal k (1-based) of a tuning of `total` deals. */
export interface Gain {
  /** The step's gain a_k. */
  readonly a: number;
  /** The perturbation c_k. */
  readonly c: number;
}

export function gainAt(k: number, total: number, cEnd: number, s: GainSettings): Gain {
  const bigA = s.aRatio * total;
  const c = (cEnd * total ** s.gamma) / k ** s.gamma;
  const a = (s.rEnd * cEnd * cEnd * (bigA + total) ** s.alpha) / (bigA + k) ** s.alpha;
  return { a, c };
}
