import { z } from 'zod';

/** `--set series=N`: how many games make one "Yahtzee Game" (UC-01 plays 5 and sums them). */
export const configSchema = z
  .object({
    series: z.number().int().min(1).max(1000).default(5),
  })
  .strict();

export type YahtzeeConfig = z.infer<typeof configSchema>;

const sheetEntry = z.number().int().min(0).max(50).nullable();

/**
 * A fixture's starting point, so that a row about the 13th turn or the 5th game need not play
 * everything before it. Checked against the players and the rules in `setup`.
 */
export const forcedSchema = z
  .object({
    /** The turn order, as seats; skips the order phase. */
    order: z.array(z.number().int().nonnegative()).optional(),
    /** The game of the series to start at (1-based). */
    game: z.number().int().min(1).optional(),
    /** Each seat's score sheet at the start, 13 entries in category order, null where open. */
    sheets: z.array(z.array(sheetEntry).length(13)).optional(),
    /** Each seat's totals of the games of the series already played (`game` - 1 of them). */
    totals: z.array(z.array(z.number().int().nonnegative())).optional(),
  })
  .strict();

export type YahtzeeForced = z.infer<typeof forcedSchema>;
