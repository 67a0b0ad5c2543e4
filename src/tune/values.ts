/** A parameter as tuned: its range, whether the bot takes whole numbers, where it starts and c_end. */
export interface TunedParam {
  readonly name: string;
  readonly integer: boolean;
  readonly start: number;
  readonly min: number;
  readonly max: number;
  /** The perturbation at the end of the tuning (`:step`), a twentieth of the range by default. */
  readonly cEnd: number;
}

export function clamp(x: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, x));
}

/**
 * Places after the point a real parameter is played and shown with: a ten-thousandth of its range,
 * finer than any perturbation the schedule makes and short enough for a label.
 */
export function decimals(p: TunedParam): number {
  return Math.max(0, Math.ceil(-Math.log10((p.max - p.min) / 1e4)));
}

/** A value as the bot gets it: in the range, a whole number for an integer parameter, else rounded to `decimals`. */
export function played(x: number, p: TunedParam): number {
  const inRange = clamp(x, p.min, p.max);
  if (p.integer) return Math.round(inRange);
  const scale = 10 ** decimals(p);
  // + 0: never -0, which JSON cannot tell from 0.
  return Math.round(inRange * scale) / scale + 0;
}

/** The two versions an iteration plays: theta + c * flip and theta - c * flip, as played. */
export function probes(theta: readonly number[], flips: readonly number[], c: readonly number[], params: readonly TunedParam[]): { plus: number[]; minus: number[] } {
  return {
    plus: params.map((p, i) => played(theta[i]! + c[i]! * flips[i]!, p)),
    minus: params.map((p, i) => played(theta[i]! - c[i]! * flips[i]!, p)),
  };
}

/**
 * fishtest's update of one parameter: theta + (a / c) * result * flip, kept in the range. `result`
 * is the plus version's points minus the minus version's over the iteration's games (wins minus
 * losses head to head), so a result for plus moves theta towards the plus side.
 */
export function updated(theta: number, flip: number, a: number, c: number, result: number, p: TunedParam): number {
  return clamp(theta + (a / c) * result * flip, p.min, p.max);
}
