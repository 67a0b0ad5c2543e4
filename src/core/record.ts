import { z } from 'zod';
import type { Outcome } from './outcome.js';
import type { Seat } from './seat.js';

/**
 * Why a seat left a game before its end. `crash` and `malformed` are process bots' (the process
 * died or never started; a line that is not a valid protocol message).
 */
export const FAULT_KINDS = ['illegal', 'threw', 'timeout', 'left', 'crash', 'malformed'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export type RecordedStep =
  | { readonly seat: Seat; readonly action: unknown }
  | { readonly seat: Seat; readonly forfeit: FaultKind; readonly detail?: string };

/**
 * Everything needed to replay one game exactly: the random streams are derived from
 * (seed, index), so the actions alone reproduce every die and every deal.
 */
export interface GameRecord {
  readonly schema: 1;
  readonly game: string;
  readonly variant: string;
  readonly config: unknown;
  readonly seed: string;
  readonly index: number;
  readonly seats: readonly { readonly name: string; readonly bot: string }[];
  readonly steps: readonly RecordedStep[];
  readonly outcome: Outcome | null;
  /** Set when the game engine itself failed: a bug, recorded so it can be replayed. Its error as `Name: message`. */
  readonly engineError?: string;
  /**
   * The engine error's stack where it was thrown (a run's worker), from the throw down to the
   * referee, paths relative to parlor's folder; absent in records made before it was kept.
   */
  readonly engineStack?: string;
  /**
   * The events each step made, in full (every seat's), one list per step: the golden playthroughs
   * keep them, so that a replay names the first event that differs, field by field.
   */
  readonly events?: readonly (readonly unknown[])[];
}

export const outcomeSchema = z.object({
  winners: z.array(z.number().int().nonnegative()),
  rank: z.array(z.number().int().positive()),
  score: z.array(z.number()).optional(),
  capped: z.boolean().optional(),
});

export const gameRecordSchema = z.object({
  schema: z.literal(1),
  game: z.string(),
  variant: z.string(),
  config: z.unknown(),
  seed: z.string(),
  index: z.number().int().nonnegative(),
  seats: z.array(z.object({ name: z.string(), bot: z.string() })).min(1),
  steps: z.array(
    z.union([
      z.object({ seat: z.number().int().nonnegative(), forfeit: z.enum(FAULT_KINDS), detail: z.string().optional() }),
      z.object({ seat: z.number().int().nonnegative(), action: z.unknown() }),
    ]),
  ),
  outcome: outcomeSchema.nullable(),
  engineError: z.string().optional(),
  engineStack: z.string().optional(),
  events: z.array(z.array(z.unknown())).optional(),
});
