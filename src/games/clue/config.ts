import { z } from 'zod';
import { RULE_NAMES, RULE_VALUES, type ClueRules, type RuleName } from './rules.js';

/** A list given as JSON (`--set suspects='["Mrs. White","Mr. Green"]'`) or comma-separated (`--set suspects=White,Green`). */
const nameList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()) : value),
  z.array(z.string().min(1)),
);

/**
 * A rule as an option: one of its values (a boolean, or one of its words, listed in the error), or
 * absent for the variant's own (rules.ts).
 */
function ruleOption<K extends RuleName>(name: K): z.ZodOptional<z.ZodType<ClueRules[K]>> {
  const values = RULE_VALUES[name];
  if (typeof values[0] === 'boolean') return z.boolean({ error: (issue) => `Invalid input ${JSON.stringify(issue.input)}: expected true or false` }).optional() as never;
  const words = values as readonly string[];
  return z
    .enum(words as [string, ...string[]], { error: (issue) => `Invalid option ${JSON.stringify(issue.input)}: expected one of ${words.join(', ')}` })
    .optional() as never;
}

/** Every rule of rules.ts as an option (`--set refutation=counterclockwise`), unset meaning the variant's. */
const ruleOptions = Object.fromEntries(RULE_NAMES.map((name) => [name, ruleOption(name)])) as { [K in RuleName]: z.ZodOptional<z.ZodType<ClueRules[K]>> };

/** Some or all of a game's rules, as options name them (a view's `rules` passes): the notebook input's `rules`. */
export const rulesSchema = z.object(ruleOptions).strict();

export const clueConfigSchema = z
  .object({
    /** A stalled game ends as a draw after this many turns (all players' turns counted). */
    maxTurns: z.number().int().min(1).default(1000),
    /** The suspect each seat plays, in seat order (default: the variant's order). */
    suspects: nameList.optional(),
    /** UC04: this seat places the six weapons in six different rooms before play (default: random rooms). */
    placeWeapons: z.number().int().nonnegative().optional(),
    /**
     * Play on for places: a correct accusation takes the next place (1, 2, ...) instead of ending
     * the game, so a tournament can rank the players who did not solve first (default off).
     */
    placings: z.boolean().optional(),
    ...ruleOptions,
  })
  .strict();

export type ClueConfig = z.infer<typeof clueConfigSchema>;

const caseFile = z.object({ suspect: z.string().min(1), weapon: z.string().min(1), room: z.string().min(1) }).strict();

/**
 * A fixture's forced setup: any part left out is dealt as usual from the `deal` stream. Card,
 * suspect, weapon and room names match as people's input does.
 */
export const clueForcedSchema = z
  .object({
    caseFile: caseFile.optional(),
    /** Each seat's hand, in seat order; with the case file they must hold every card once. */
    hands: z.array(z.array(z.string().min(1))).optional(),
    /** Suspect -> position (a node name: room, "x,y" square, hallway, home square). */
    pawns: z.record(z.string(), z.string().min(1)).optional(),
    /** Weapon -> room. */
    weapons: z.record(z.string(), z.string().min(1)).optional(),
    /** The seat whose turn comes first (default: the variant's first player). */
    first: z.number().int().nonnegative().optional(),
  })
  .strict();

export type ClueForced = z.infer<typeof clueForcedSchema>;
