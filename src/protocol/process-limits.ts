import { z } from 'zod';

/** Above this share of its games with a fault, an entrant is flagged in the report. */
export const DEFAULT_MAX_FAULT_RATE = 0.05;

/** The most `lineBytes` and `stderrBytes` may be: each is a buffer per bot process, and a bot's line is one message. */
export const MAX_BUFFER_BYTES = 16 * 1024 * 1024;

const TOO_BIG = { message: `at most ${MAX_BUFFER_BYTES} (16 MiB)` };

/**
 * How a process bot is held to time and output, per entrant (a bots file sets them; `cmd:` in a
 * `--bots` list takes the defaults). Every decision may take `moveMs`; time beyond it is drawn
 * from a bank of `bankMs` per game, and a decision that overdraws the bank is a timeout.
 */
export const processLimitsSchema = z
  .object({
    /** Per-decision deadline before the bank is drawn on. */
    moveMs: z.number().int().positive().default(1000),
    /** Extra time per game, shared by all its decisions. */
    bankMs: z.number().int().nonnegative().default(10_000),
    /** From `hello` to `ready`, including the process's start when it is (re)started for the game. */
    handshakeMs: z.number().int().positive().default(10_000),
    /** stderr bytes kept (the last ones, shown in a crash's detail); the rest is read and dropped. */
    stderrBytes: z.number().int().nonnegative().max(MAX_BUFFER_BYTES, TOO_BIG).default(65_536),
    /** A bot line longer than this is malformed (read to its end and dropped, never held whole). */
    lineBytes: z.number().int().positive().max(MAX_BUFFER_BYTES, TOO_BIG).default(1_048_576),
    /**
     * The most resident memory (MB) the bot's process group may hold, measured from /proc every
     * 100 ms; above it the group is ended, a crash. No cap when absent.
     */
    memoryMb: z
      .number()
      .int()
      .positive()
      .refine(() => process.platform === 'linux', { message: "a memory cap needs Linux's /proc to measure the bot's processes" })
      .optional(),
    /** On a fault: forfeit the game, or play a random legal move for the seat for the rest of it. */
    onFault: z.enum(['forfeit', 'random']).default('forfeit'),
    /** Share of games with a fault above which the entrant is flagged in the report. */
    maxFaultRate: z.number().min(0).max(1).default(DEFAULT_MAX_FAULT_RATE),
  })
  .strict();

export type ProcessLimits = z.infer<typeof processLimitsSchema>;
