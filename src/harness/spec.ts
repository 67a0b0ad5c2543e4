import { GAMES } from '../games/registry.js';
import type { EntrantSpec } from './entrants.js';
import type { RecordPolicy } from './record-policy.js';
import type { Seating, Shard } from './schedule.js';
import type { SprtHypotheses } from '../stats/sprt.js';

/**
 * Everything that decides a run's games, as plain JSON: what workers receive, what a checkpoint's
 * header holds (a resume must match it) and what shards must share to be merged.
 */
export interface RunSpec {
  readonly game: string;
  readonly variant: string;
  /** Validated options, with what the variant decides filled in (`resolveOptions`). */
  readonly config: unknown;
  readonly seed: string;
  readonly entrants: readonly EntrantSpec[];
  readonly players: number;
  readonly seating: Seating;
  /** The games asked for; the run plays them rounded up to whole blocks. */
  readonly gamesAsked: number;
  readonly record: RecordPolicy;
  /** 0: no limit. */
  readonly moveTimeMs: number;
  /**
   * Present when the game's outcomes under these options name the winners and tie everyone else
   * (`GameDefinition.ranks`): the ladder is then fitted on who won, and `parlor sprt` compares test
   * and base only in games one of them won. `placesOption` is the option that plays on for places,
   * null when the game has none.
   */
  readonly winnerOnly?: { readonly placesOption: string | null };
  /**
   * Set for `parlor sprt`: the entrant indices whose paired results are scored per block, and the
   * rule that ends the run (it decides which games are played, so a resume must match it).
   */
  readonly sprt?: { readonly base: number; readonly test: number; readonly rule?: SprtRule };
}

/** When `parlor sprt` stops: its hypotheses, and the share of games with a fault that ends it. */
export interface SprtRule extends SprtHypotheses {
  readonly maxFaultRate: number;
}

/**
 * The spec of a run file (checkpoint header, tally.json) as this version reads it. Files of version
 * 1 were written before fair seating: their `duplicate` seating played every block in one fixed
 * order per subset of entrants, which is `rotations` now, so resuming, merging or comparing them
 * keeps their design (or is refused in one line for another). A run made before its game's options
 * were resolved (Clue's rules, before they were options) states only the options it set; they
 * read resolved, as this version states them, since its games were played by those.
 */
export function specOfFile(spec: RunSpec, version: number): RunSpec {
  const seated: RunSpec = version === 1 && (spec.seating as string) === 'duplicate' ? { ...spec, seating: 'rotations' } : spec;
  return withOptionsResolved(seated);
}

function withOptionsResolved(spec: RunSpec): RunSpec {
  const game = GAMES.find((g) => g.id === spec.game);
  if (game?.resolveConfig === undefined) return spec;
  const parsed = game.configSchema.safeParse(spec.config);
  if (!parsed.success) return spec;
  let config: unknown;
  try {
    config = game.resolveConfig(parsed.data, spec.variant);
  } catch {
    // Options this version cannot play are read as written: the spec check refuses them in one line.
    return spec;
  }
  return JSON.stringify(config) === JSON.stringify(spec.config) ? spec : { ...spec, config };
}

/** A spec field as a person reads it: entrants by their labels, anything else as JSON. */
export function specValue(spec: RunSpec, key: keyof RunSpec): string {
  if (key === 'entrants') return spec.entrants.map((e) => e.label).join(', ');
  return JSON.stringify(spec[key]) ?? 'absent';
}

/** The fields two runs must agree on to be parts of one run: all of them. */
export function specDifference(a: RunSpec, b: RunSpec): string | null {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof RunSpec>;
  for (const key of keys) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) {
      const before = key === 'seating' && [a, b].some((spec) => spec.seating === 'rotations') ? '; a run made before fair seating reads as --seating rotations' : '';
      return `${key} differs (${specValue(a, key)} vs ${specValue(b, key)}${before})`;
    }
  }
  return null;
}

/** A run's place among shards: the whole run, or shard k of N. */
export interface RunPart {
  readonly shard: Shard | null;
  /** The blocks [from, to) this part plays. */
  readonly blocks: readonly [number, number];
}
