import type { z } from 'zod';
import { describeIssues, InputError } from './errors.js';
import type { Action, GameDefinition } from './game.js';

/**
 * Turns `--set key=value` pairs into an options object: values that read as JSON (numbers,
 * booleans, arrays) become that, anything else stays a string. The game's schema then decides.
 */
export function parseSetFlags(pairs: readonly string[]): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new InputError(`--set ${pair}: expected key=value, e.g. --set series=1`);
    const key = pair.slice(0, eq).trim();
    const raw = pair.slice(eq + 1).trim();
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw;
    }
    options[key] = value;
  }
  return options;
}

/** Validates a game's options against its schema; one clear line on failure. */
export function validateConfig<C>(schema: z.ZodType<C>, options: unknown, gameId: string): C {
  const parsed = schema.safeParse(options ?? {});
  if (!parsed.success) throw new InputError(`invalid options for ${gameId}: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

/**
 * A game's options as a game of `variant` plays them: validated, then with what the variant decides
 * filled in (`resolveConfig`), so that a record or summary states every option in effect. One clear
 * line on failure, for a bad value as for a combination the variant cannot play.
 */
export function resolveOptions<C>(game: Pick<GameDefinition<unknown, Action, unknown, C>, 'id' | 'configSchema' | 'resolveConfig'>, variant: string, options: unknown): C {
  const config = validateConfig(game.configSchema, options, game.id);
  if (game.resolveConfig === undefined) return config;
  try {
    return game.resolveConfig(config, variant);
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`invalid options for ${game.id}: ${error.message}`);
    throw error;
  }
}
