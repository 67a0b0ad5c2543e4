import { z } from 'zod';

const seatRef = z.union([z.number().int().nonnegative(), z.string().min(1)]);

const expectation = z
  .object({
    /** The step must be refused with exactly this RuleError message, and change nothing. */
    error: z.string().optional(),
    /** The events the step emits, in order, each matched as a subset (extra fields are fine). */
    events: z.array(z.record(z.string(), z.unknown())).optional(),
    /** Notebook lines each named seat reads for this step's events (game.describe of what it sees). */
    notebook: z.record(z.string(), z.array(z.string())).optional(),
    /** A subset of the game state after the step. */
    state: z.unknown().optional(),
    /** A subset of a seat's view after the step. */
    view: z.object({ seat: seatRef, match: z.unknown() }).optional(),
    /** Who is to act after the step (a seat index or name), null when the game is over. */
    toAct: seatRef.nullable().optional(),
    /** A subset of the outcome after the step. */
    outcome: z.unknown().optional(),
  })
  .strict();

/**
 * A use case of the spec, replayed step by step. Random draws come from `random` (a list of values
 * per stream name, each die() or int() call taking the next one) or, for streams not listed, from
 * seeded streams of `seed`.
 */
export const fixtureSchema = z
  .object({
    id: z.string().min(1),
    /** Where in the spec this comes from: "Yahtzee UC-03 variant 6", "UC28", "G.15.2", "Deadwood 3.6". */
    source: z.string().min(1),
    description: z.string().optional(),
    game: z.string().min(1),
    variant: z.string().optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    players: z.array(z.string().min(1)).min(1),
    forced: z.unknown().optional(),
    seed: z.string().optional(),
    random: z.record(z.string(), z.array(z.number())).optional(),
    /** The names are checked as people's input: the first refused one must give exactly this message. */
    setupError: z.string().optional(),
    steps: z
      .array(
        z
          .object({
            as: seatRef,
            do: z.record(z.string(), z.unknown()).optional(),
            /** Instead of `do`: the seat forfeits (leaves the game). */
            forfeit: z.literal(true).optional(),
            expect: expectation.optional(),
            note: z.string().optional(),
          })
          .strict(),
      )
      .default([]),
    /** Checked after the last step. */
    expect: expectation.omit({ error: true, events: true, notebook: true }).optional(),
  })
  .strict();

export type Fixture = z.infer<typeof fixtureSchema>;
export type Expectation = z.infer<typeof expectation>;
