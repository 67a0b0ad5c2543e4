import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { paramsLabel } from '../core/bot-params.js';
import { InputError } from '../core/errors.js';
import { seedKey } from '../core/rng.js';
import { parseEntrants, type EntrantSpec } from '../harness/entrants.js';
import type { RunLock } from '../harness/run-lock.js';
import type { RunSpec } from '../harness/spec.js';
import type { TallyData } from '../harness/tally.js';
import { flipsAt } from './flips.js';
import { gainAt, type GainSettings } from './gains.js';
import type { ProbePlayer } from './probes.js';
import { played, probes, updated, type TunedParam } from './values.js';

export const TUNE_FILE = 'tune.json';

/** Everything that decides a tuning's games and steps: a resume must match it field by field. */
export interface TuneSetup {
  readonly game: string;
  readonly variant: string;
  readonly config: unknown;
  readonly seed: string;
  /** The tuned bot as --bot names it (its other parameters included). */
  readonly bot: string;
  /** The opponents as --bots names them (a repeat unnumbered); none: the two versions play each other. */
  readonly against: readonly string[];
  readonly players: number;
  /** --games as asked; the tuning plays whole iterations. */
  readonly games: number;
  /** Deals an iteration plays, each under every rotation by each version. */
  readonly deals: number;
  readonly iterations: number;
  readonly gains: GainSettings;
  readonly params: readonly TunedParam[];
}

/** The tuned values against the start on fresh deals: the ladder's difference and its 95% interval. */
export interface Verification {
  /** The iterations done when it was played. */
  readonly iteration: number;
  /** The run's seed: the tuning's with `:verify` after it, a seed no iteration plays. */
  readonly seed: string;
  /** The run's folder inside the tuning's. */
  readonly folder: string;
  readonly tuned: string;
  readonly start: string;
  readonly games: number;
  /** Games in which the tuned version finished ahead of the start's, behind it, tied with it. */
  readonly ahead: number;
  readonly behind: number;
  readonly tied: number;
  /** Tuned minus start, on the ladder's Elo scale; null when one took every decisive game (`separated`). */
  readonly eloDiff: number | null;
  readonly eloDiffCI95: [number, number] | null;
  /** When the difference has no finite estimate: the version that finished ahead in every decisive game. */
  readonly separated: string | null;
}

/** One iteration as tune.json keeps it. */
export interface IterationRecord {
  readonly iteration: number;
  /** The schedule's k: the first deal of the iteration, counted from 1. */
  readonly k: number;
  /** The parameters before the iteration, unrounded. */
  readonly theta: number[];
  readonly flips: number[];
  readonly c: number[];
  readonly a: number[];
  /** The values the two versions played. */
  readonly plus: number[];
  readonly minus: number[];
  readonly games: number;
  /** Points each version earned: a game it finished ahead of the other (of each opponent's seat, as a share, with --against) is 1, a tie 1/2. */
  readonly points: [plus: number, minus: number];
  /** plus's points minus minus's: wins minus losses head to head. */
  readonly result: number;
  readonly faults: [plus: number, minus: number];
  readonly engineErrors: number;
  /** The parameters after the update, unrounded. */
  readonly after: number[];
}

/** tune.json: the setup, every iteration, where the tuning stands, and its verification. */
export interface TuneFile {
  readonly tune: 1;
  readonly setup: TuneSetup;
  readonly iterations: IterationRecord[];
  /** The current parameters, unrounded, and as played. */
  readonly theta: number[];
  readonly values: number[];
  /** The entrant to paste: the bot with the current values. */
  readonly label: string;
  readonly verification: Verification | null;
  /** The one part that differs between two runs of the same tuning. */
  readonly timing: { readonly seconds: number; readonly workers: number };
}

/** The opponents of --against as the setup keeps them: each a name --bots takes again, `random#2` as `random`. */
export function opponentNames(against: readonly EntrantSpec[]): string[] {
  return against.map((e) => e.label.replace(/#\d+$/, ''));
}

/** The games of one iteration: deals times seats, twice with --against (once per version). */
export function gamesPerIteration(against: number, players: number, deals: number): number {
  return deals * players * (against > 0 ? 2 : 1);
}

/** The bot with `values` for the tuned parameters, labelled and checked as --bots would have it. */
export function versionOf(setup: TuneSetup, values: readonly number[]): EntrantSpec {
  const [bot] = parseEntrants(setup.bot, setup.game);
  const base = bot!.source.kind === 'builtin' || bot!.source.kind === 'module' ? (bot!.source.params ?? {}) : {};
  const params = { ...base, ...Object.fromEntries(setup.params.map((p, i) => [p.name, values[i]!])) };
  return parseEntrants(paramsLabel(setup.bot.replace(/\(.*\)$/s, ''), params), setup.game)[0]!;
}

export function startValues(setup: TuneSetup): number[] {
  return setup.params.map((p) => played(p.start, p));
}

/**
 * Entrant e's points in a tally: for each game and each of `opponents` (entrant numbers), 1 where
 * e finished ahead of it and 1/2 where they tied, divided by the opponents' number: wins head to
 * head, the share of the other seats beaten against opponents.
 */
function pointsOf(t: TallyData, e: number, opponents: readonly number[]): number {
  let points = 0;
  for (const b of opponents) points += t.ahead[e * t.entrants + b]! + t.tied[e * t.entrants + b]! / 2;
  return points / opponents.length;
}

/** Entrant e's faults in a tally. */
function faultsOf(t: TallyData, e: number): number {
  const kinds = t.faults.length / t.entrants;
  return t.faults.slice(e * kinds, (e + 1) * kinds).reduce((a, b) => a + b, 0);
}

/** The fields of a setup that differ from another's, as one line. */
export function setupDifference(a: TuneSetup, b: TuneSetup): string | null {
  for (const key of Object.keys(b) as (keyof TuneSetup)[]) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return `${key} differs (${JSON.stringify(a[key])} vs ${JSON.stringify(b[key])})`;
  }
  return null;
}

/** The tune.json in `dir`, or null when there is none; a file that is not a tuning is refused in one line. */
export function readTuneFile(dir: string): TuneFile | null {
  const path = join(dir, TUNE_FILE);
  if (!existsSync(path)) return null;
  let file: TuneFile;
  try {
    file = JSON.parse(readFileSync(path, 'utf8')) as TuneFile;
  } catch (error) {
    throw new InputError(`${path} is not JSON (${(error as Error).message}): start the tuning over with --force`);
  }
  if (file?.tune !== 1 || !Array.isArray(file.iterations) || !Array.isArray(file.theta) || file.setup === undefined) {
    throw new InputError(`${path} is not a parlor tuning: start the tuning over with --force, or choose another --out`);
  }
  return file;
}

/** Writes tune.json whole or not at all: a kill leaves the last one written. */
export function writeTuneFile(dir: string, file: TuneFile): void {
  const path = join(dir, TUNE_FILE);
  // An iteration a line: a long tuning's file stays readable and a tenth of its indented size.
  const { iterations, ...rest } = file;
  const head = JSON.stringify(rest, null, 1).replace(/\n}$/, '');
  const lines = iterations.map((it) => `  ${JSON.stringify(it)}`).join(',\n');
  writeFileSync(`${path}.tmp`, `${head},\n "iterations": [${lines === '' ? '' : `\n${lines}\n `}]\n}\n`);
  renameSync(`${path}.tmp`, path);
}

export interface TuneOptions {
  readonly setup: TuneSetup;
  /** The run the iterations' games are made from (game, options, seats): its entrants and games are replaced. */
  readonly template: RunSpec;
  readonly player: ProbePlayer;
  /** Where tune.json goes, under the folder's lock; the iterations found in it are kept. */
  readonly out: string;
  readonly lock: RunLock;
  readonly earlier: TuneFile | null;
  /** Called after each iteration (the console's progress). */
  readonly onIteration?: (file: TuneFile) => void;
  /** Stop after this many iterations in all, as if interrupted (tests). */
  readonly stopAt?: number;
}

/** Iterations a second at most are written: a tuning of many short iterations would otherwise spend its time rewriting tune.json. */
const WRITE_EVERY_MS = 1000;

/**
 * Runs the iterations not yet in `earlier`: each perturbs every parameter by +-c_k at once, plays
 * the two versions on the same deals (each in every seat of the deal: head to head, or each in the
 * same seats against the same opponents), and moves theta by the result. Each iteration is a
 * function of the setup, its index and theta alone, so a resumed tuning goes on exactly.
 */
export async function tune(o: TuneOptions): Promise<TuneFile> {
  const { setup, player } = o;
  const key = seedKey(setup.seed);
  const total = setup.iterations * setup.deals;
  const iterations = [...(o.earlier?.iterations ?? [])];
  let theta = o.earlier?.theta ?? setup.params.map((p) => p.start);
  const earlierSeconds = o.earlier?.timing.seconds ?? 0;
  const started = performance.now();
  const against = setup.against.length === 0 ? [] : parseEntrants(setup.against.join(','), setup.game);
  const spec = (entrants: EntrantSpec[]): RunSpec => ({ ...o.template, entrants, gamesAsked: total * setup.players, record: 'none' });
  const fileNow = (): TuneFile => {
    const values = setup.params.map((p, i) => played(theta[i]!, p));
    return {
      tune: 1,
      setup,
      iterations,
      theta,
      values,
      label: versionOf(setup, values).label,
      verification: o.earlier?.verification ?? null,
      timing: { seconds: Math.round(earlierSeconds + (performance.now() - started) / 10) / 100, workers: player.workers },
    };
  };
  let written = performance.now();
  const end = Math.min(setup.iterations, o.stopAt ?? Infinity);
  try {
    for (let i = iterations.length; i < end; i++) {
      const k = i * setup.deals + 1;
      const gains = setup.params.map((p) => gainAt(k, total, p.cEnd, setup.gains));
      const flips = flipsAt(key, i, setup.params.length);
      const c = gains.map((g) => g.c);
      const { plus, minus } = probes(theta, flips, c, setup.params);
      const [plusBot, minusBot] = [versionOf(setup, plus), versionOf(setup, minus)];
      const [from, to] = [i * setup.deals, (i + 1) * setup.deals];
      // Head to head plus and minus are entrants 0 and 1 of one run; against opponents, each is entrant 0 of its own run of the same deals.
      const sides =
        against.length === 0
          ? [await player.play(spec([plusBot, minusBot]), from, to)].flatMap((t) => [{ t, e: 0, opponents: [1] }, { t, e: 1, opponents: [0] }])
          : (await Promise.all([plusBot, minusBot].map((bot) => player.play(spec([bot, ...against]), from, to)))).map((t) => ({ t, e: 0, opponents: against.map((_, b) => b + 1) }));
      const [plusSide, minusSide] = [sides[0]!, sides[1]!];
      const points: [number, number] = [pointsOf(plusSide.t, plusSide.e, plusSide.opponents), pointsOf(minusSide.t, minusSide.e, minusSide.opponents)];
      const tallies = [...new Set(sides.map((side) => side.t))];
      const result = points[0] - points[1];
      const after = setup.params.map((p, j) => updated(theta[j]!, flips[j]!, gains[j]!.a, c[j]!, result, p));
      iterations.push({
        iteration: i + 1,
        k,
        theta,
        flips,
        c,
        a: gains.map((g) => g.a),
        plus,
        minus,
        games: tallies.reduce((n, t) => n + t.games[0]!, 0),
        points,
        result,
        faults: [faultsOf(plusSide.t, plusSide.e), faultsOf(minusSide.t, minusSide.e)],
        engineErrors: tallies.reduce((n, t) => n + t.engineErrors[0]!, 0),
        after,
      });
      theta = after;
      if (performance.now() - written >= WRITE_EVERY_MS) {
        o.lock.check();
        writeTuneFile(o.out, fileNow());
        written = performance.now();
      }
      o.onIteration?.(fileNow());
    }
  } finally {
    await player.close();
  }
  const file = fileNow();
  o.lock.check();
  writeTuneFile(o.out, file);
  return file;
}
