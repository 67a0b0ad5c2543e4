import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import { gameLabel, type GameDefinition } from '../core/game.js';
import { replaceFile } from '../core/user-files.js';
import { GAMES } from '../games/registry.js';
import { OUTCOMES_FILE, RECORDS_FILE } from '../harness/run-files.js';
import { readLines } from '../harness/lines.js';
import { trailingGameIndex } from '../harness/records-line.js';
import { parseOutcomeLine, type ChangeKind } from '../harness/outcome-line.js';
import { PairedTally, type PairedGame } from '../harness/paired-tally.js';
import { silentProgress, type ProgressSink } from '../harness/progress.js';
import type { Provenance } from '../harness/provenance.js';
import { keepsRecord, recordsWithoutFault } from '../harness/record-policy.js';
import { gameOfLine, playingOn } from '../harness/run-check.js';
import { makeSchedule } from '../harness/schedule.js';
import { specValue, type RunSpec } from '../harness/spec.js';
import { TallyBuilder, winUnit, type TallyData } from '../harness/tally.js';
import type { MatchResult } from '../referee/match.js';
import { parseRecord, replayRecord } from '../referee/replay.js';
import { change, DIFF_SCHEMA, pairedChanges, type Change, type DiffSummary, type ListedGame, type RunSide } from '../report/diff-summary.js';
import { ladderFit } from '../report/summary.js';
import { ladderRatings, type LadderFit } from '../stats/bradley-terry.js';
import { addRatioBlock, blockScore, emptyRatioSums, pairedRatio, PairedRatings, type RatioSums } from '../stats/paired.js';
import { checkRunFolder } from './merge.js';
import { readTallyFile, type TallyFile } from './tally-file.js';

/** What `parlor diff` writes into its --out folder. */
export const DIFF_JSON = 'diff.json';
export const CHANGED_FILE = 'changed.jsonl';

/** Games listed on the console and in the reports for each kind of change. */
const LISTED = 5;

const DIFF_FIX = 'play that run again (its parlor run command with --force)';

interface Run {
  readonly dir: string;
  readonly file: TallyFile;
  readonly spec: RunSpec;
  /** Games it played: all of them, or fewer for a `parlor sprt` that stopped early. */
  readonly games: number;
  /** The games its schedule holds, which its record policy's sample is spread over. */
  readonly scheduled: number;
}

/** A finished whole run, or one clear line: a folder that is no run, an unfinished run, a shard. */
function openRun(dir: string): Run {
  if (!existsSync(dir)) throw new InputError(`${dir} does not exist: expected a run folder (a parlor run --out)`);
  if (!statSync(dir).isDirectory()) throw new InputError(`${dir} is a file, not a run folder (a parlor run --out)`);
  const file = readTallyFile(dir);
  const { spec } = file;
  const shard = file.part.shard;
  if (shard !== null) throw new InputError(`${dir} holds shard ${shard.index}/${shard.count} of a run: merge the shards (parlor merge) and diff the merged folder`);
  return { dir, file, spec, games: file.data.games[0]!, scheduled: makeSchedule(spec.entrants.length, spec.players, spec.seating, spec.gamesAsked).games };
}

/** Whether both runs recorded game `index` whatever happened in it: their policies' `all` or sample, never a fault alone. */
function sampledInBoth(a: Run, b: Run, index: number): boolean {
  return recordsWithoutFault(a.spec.record, index, a.scheduled) && recordsWithoutFault(b.spec.record, index, b.scheduled);
}

/** How many of the first `games` games both runs recorded whatever happened in them (none under `none` or `faults`). */
function sampledCount(a: Run, b: Run, games: number): number {
  let count = 0;
  for (let i = 0; i < games; i++) if (sampledInBoth(a, b, i)) count++;
  return count;
}

/** The first field that makes two runs' games other games, as one line, or null when game i is the same deal and lineup in both. */
function otherGames(a: Run, b: Run): string | null {
  const [x, y] = [a.spec, b.spec];
  const both = `${a.dir} and ${b.dir}`;
  if (x.game !== y.game || x.variant !== y.variant) return `${both} are runs of different games (${gameLabel(x.game, x.variant)} and ${gameLabel(y.game, y.variant)}): parlor diff compares two runs of the same game`;
  if (x.seed !== y.seed) return `${both} have different seeds (${JSON.stringify(x.seed)} and ${JSON.stringify(y.seed)}), so game i is another deal in each: diff two runs of one --seed`;
  if (JSON.stringify(x.entrants.map((e) => e.label)) !== JSON.stringify(y.entrants.map((e) => e.label))) return `${both} have different entrants (${specValue(x, 'entrants')} and ${specValue(y, 'entrants')}): diff two runs of the same --bots`;
  if (JSON.stringify(x.entrants) !== JSON.stringify(y.entrants)) {
    const e = x.entrants.findIndex((entrant, i) => JSON.stringify(entrant) !== JSON.stringify(y.entrants[i]));
    return `${both} name other bots ${x.entrants[e]!.label} (${JSON.stringify(x.entrants[e]!.source)} and ${JSON.stringify(y.entrants[e]!.source)}): diff two runs of the same --bots`;
  }
  if (x.players !== y.players) return `${both} seat ${x.players} and ${y.players} players a game: diff two runs of the same --players`;
  if (x.seating !== y.seating) return `${both} have different seating designs (${x.seating} and ${y.seating}), so their games seat the entrants differently: diff two runs of one --seating`;
  return null;
}

/** The code that wrote a run's summary, from its summary.json; null for one written before parlor recorded it. */
function provenanceOf(dir: string): Provenance | null {
  let parlor: Provenance | null | undefined;
  try {
    parlor = (JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { parlor?: Provenance | null }).parlor;
  } catch {
    // No summary.json, or one that does not parse: no code named.
  }
  return typeof parlor === 'object' && parlor !== null && typeof parlor.version === 'string' ? parlor : null;
}

/** Every field two runs of the same games may differ in, that differs: options key by key, then how they were played and by what code. */
function differences(a: Run, b: Run, pa: Provenance | null, pb: Provenance | null): DiffSummary['differences'] {
  const out: DiffSummary['differences'] = [];
  // A field one run lacks reads as null: a commit git could not name (null) is no difference from none.
  const add = (field: string, x: unknown, y: unknown): void => {
    const [a, b] = [x ?? null, y ?? null];
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ field, a, b });
  };
  // A game's options are an object (its configSchema); spread, a run without them reads as none.
  const config = (spec: RunSpec): Record<string, unknown> => ({ ...(spec.config as object) });
  for (const key of [...new Set([...Object.keys(config(a.spec)), ...Object.keys(config(b.spec))])].sort()) add(`config.${key}`, config(a.spec)[key], config(b.spec)[key]);
  add('games', a.games, b.games);
  add('record', a.spec.record, b.spec.record);
  add('moveTimeMs', a.spec.moveTimeMs, b.spec.moveTimeMs);
  add('sprt', a.spec.sprt, b.spec.sprt);
  add('parlor.version', pa?.version, pb?.version);
  add('parlor.commit', pa?.commit, pb?.commit);
  add('parlor.modified', pa?.modified, pb?.modified);
  return out;
}

/**
 * Both runs' outcome lines, a block at a time, for the first `blocks` blocks. checkRunFolder has
 * read every line of both files against its tally first, so both hold them all and each parses.
 */
function* pairedBlocks(a: Run, b: Run, blocks: number, blockSize: number): Generator<PairedGame[]> {
  const paths = [join(a.dir, OUTCOMES_FILE), join(b.dir, OUTCOMES_FILE)] as const;
  const lines = paths.map((path) => readLines(path));
  try {
    for (let block = 0; block < blocks; block++) {
      const games: PairedGame[] = [];
      for (let g = 0; g < blockSize; g++) {
        const [x, y] = lines.map((it, run) => parseOutcomeLine(it.next().value as string, paths[run]!));
        games.push({ a: x!, b: y! });
      }
      yield games;
    }
  } finally {
    // A longer run's file is left part read: close it now, not when the collector gets to it.
    for (const it of lines) it.return(undefined);
  }
}

/** Feeds a block of one run's games to a tally builder, as the run's tally counted them. */
function addBlock(builder: TallyBuilder, lines: readonly PairedGame[], run: 'a' | 'b', playOn: ReadonlySet<number>): void {
  builder.beginBlock(lines[0]![run].entrants);
  for (const game of lines) builder.addGame(game[run].entrants, gameOfLine(game[run], playOn) as MatchResult);
  builder.endBlock();
}

/** A tally builder for a run's paired blocks: ladderFit reads its winners' lineups only where the run's outcomes name no more than the winner. */
function builderFor(spec: RunSpec): TallyBuilder {
  return new TallyBuilder(spec.entrants.length, spec.players, { winnerLineups: true });
}

/** Where the ladders' paired differences come from: their fits and the tallies of the paired blocks. */
interface Ladders {
  readonly fits: readonly [LadderFit, LadderFit];
  readonly tallies: readonly [TallyData, TallyData];
}

/** Each entrant's Elo in both runs and the paired difference: a second pass over the outcome lines, block by block. */
function eloChanges(a: Run, b: Run, ladders: Ladders, blocks: number, blockSize: number, progress: (games: number) => void): Change[] {
  const { fits, tallies } = ladders;
  const paired = new PairedRatings(fits);
  const builders = [builderFor(a.spec), builderFor(b.spec)] as const;
  const playOn = [playingOn(a.spec), playingOn(b.spec)] as const;
  for (const games of pairedBlocks(a, b, blocks, blockSize)) {
    addBlock(builders[0], games, 'a', playOn[0]);
    addBlock(builders[1], games, 'b', playOn[1]);
    paired.addBlock(blockScore(fits[0], builders[0].lastBlock(), winUnit(a.spec.players)), blockScore(fits[1], builders[1].lastBlock(), winUnit(b.spec.players)));
    progress(games.length);
  }
  const ratings = [ladderRatings(fits[0], tallies[0].decisiveBlocks), ladderRatings(fits[1], tallies[1].decisiveBlocks)] as const;
  return a.spec.entrants.map((_, e) => {
    const [x, y] = [ratings[0][e]!, ratings[1][e]!];
    const apart = [x.separated === null ? null : 'A', y.separated === null ? null : 'B'].filter((run) => run !== null);
    if (apart.length > 0) {
      return change(x.elo, y.elo, y.elo - x.elo, null, `separated from the top tier in run ${apart.join(' and ')}: the games bound its rating on one side only`);
    }
    const { diff, ci95 } = paired.difference(e, x.elo, y.elo);
    return change(x.elo, y.elo, diff, ci95, ci95 === null ? 'no deal moved it differently in the two runs' : undefined);
  });
}

/**
 * A record replayed: its entrants by seat (the record names them by label) and the game's metrics
 * per seat; `failed` for a game that ended on an engine error (no metrics), `stale` when the
 * replay does not end as recorded (another version of the rules played it).
 */
type Replayed = { readonly entrants: readonly number[]; readonly values: readonly Readonly<Record<string, number | null>>[] } | 'failed' | 'stale';

function replayed(game: GameDefinition, line: string, where: string, labels: readonly string[]): Replayed {
  const record = parseRecord(JSON.parse(line), where);
  const replay = replayRecord(record, { game });
  if (replay.mismatch !== null) return 'stale';
  if (replay.outcome === null) return 'failed';
  return { entrants: record.seats.map((seat) => labels.indexOf(seat.bot)), values: record.seats.map((_, seat) => game.metrics!.read(replay.state, seat)) };
}

/**
 * The records of `run` that its policy kept whatever happened in them (not for a fault), in game
 * order. The longer of two runs reads on past the paired games until the shorter one's end stops the pairing.
 */
function* sampledRecords(run: Run, selected: (index: number) => boolean): Generator<{ index: number; line: string }> {
  const path = join(run.dir, RECORDS_FILE);
  if (!existsSync(path)) return;
  for (const line of readLines(path)) {
    const index = trailingGameIndex(line);
    if (index === null) throw new InputError(`${path} holds a line that is not a run's record (no "gameIndex" at its end); ${DIFF_FIX}`);
    if (selected(index)) yield { index, line };
  }
}

interface MetricsResult {
  readonly paired: boolean;
  readonly note: string | null;
  readonly rows: DiffSummary['metrics']['rows'];
  readonly turns: Change | null;
}

/** A game that reads no metrics, or one this parlor does not hold (a test's, another version's). */
const NO_METRICS: MetricsResult = { paired: false, note: null, rows: [], turns: null };

/** A change of two means that are not paired: no interval, and no difference where either run has no value. */
function unpairedChange(x: number | null, y: number | null, note?: string): Change {
  return change(x, y, x === null || y === null ? null : y - x, null, note);
}

/**
 * The game's metrics in both runs. Outcome lines do not hold them: paired per game they need both
 * runs' records of the same games, chosen whatever happened in them (`--record all`, or the same
 * `sample:N`), replayed here; otherwise each run's own means from its tally, unpaired.
 */
function metricChanges(a: Run, b: Run, game: GameDefinition | undefined, games: number, blockSize: number, progress: (games: number) => void): MetricsResult {
  if (game?.metrics === undefined) return NO_METRICS;
  const names = game.metrics.list.map((m) => m.name);
  const hasTurns = names.includes('turns');
  const labels = a.spec.entrants.map((e) => e.label);
  const selected = (index: number): boolean => sampledInBoth(a, b, index);
  const unpaired = (note: string): MetricsResult => {
    const mean = (tally: TallyData, name: string, e: number): number | null => {
      const sums = tally.metrics[name];
      return sums === undefined || sums[e] === 0 ? null : sums[labels.length + e]! / sums[e]!;
    };
    const rows = labels.flatMap((bot, e) => names.map((name) => ({ bot, name, value: unpairedChange(mean(a.file.data, name, e), mean(b.file.data, name, e)) })));
    // A tally holds a metric's sums once a game ended with it: no sums, no game to count turns over.
    const turnsOf = (tally: TallyData): number | null => {
      const sums = tally.metrics['turns'];
      return sums === undefined ? null : sums.slice(labels.length, 2 * labels.length).reduce((s, x) => s + x, 0) / (tally.games[0]! - tally.engineErrors[0]!);
    };
    return { paired: false, note, rows, turns: hasTurns ? unpairedChange(turnsOf(a.file.data), turnsOf(b.file.data), note) : null };
  };
  const needed = 'paired intervals need both runs played with --record all (or the same --record sample:N): the outcome lines do not hold the metrics, the records replay to them';

  // Per entrant and metric, and for the game's turns, the ratio sums of the paired blocks.
  const sums = labels.map(() => names.map(() => emptyRatioSums()));
  const turns = emptyRatioSums();
  // The current block's counts: [run][entrant][metric] as [n, s], and the turns' [run] as [n, s].
  let block: number | null = null;
  let lineup: readonly number[];
  const fresh = () => [0, 1].map(() => labels.map(() => names.map(() => [0, 0])));
  let current: number[][][][];
  let turnsNow: number[][];
  const flush = (): void => {
    if (block === null) return;
    for (const e of lineup) names.forEach((_, m) => addRatioBlock(sums[e]![m]!, current[0]![e]![m]![0]!, current[0]![e]![m]![1]!, current[1]![e]![m]![0]!, current[1]![e]![m]![1]!));
    addRatioBlock(turns, turnsNow[0]![0]!, turnsNow[0]![1]!, turnsNow[1]![0]!, turnsNow[1]![1]!);
  };
  const recordsA = sampledRecords(a, selected);
  const recordsB = sampledRecords(b, selected);
  let pairedGames = 0;
  try {
    for (;;) {
      const x = recordsA.next();
      const y = recordsB.next();
      if (x.done === true || y.done === true) break;
      if (x.value.index !== y.value.index) throw new InputError(`the records of ${a.dir} and ${b.dir} are not of the same games (game ${x.value.index} and game ${y.value.index}); ${DIFF_FIX}`);
      const index = x.value.index;
      const runs = [replayed(game, x.value.line, `${join(a.dir, RECORDS_FILE)} game ${index}`, labels), replayed(game, y.value.line, `${join(b.dir, RECORDS_FILE)} game ${index}`, labels)] as const;
      const stale = runs.findIndex((r) => r === 'stale');
      if (stale !== -1) return unpaired(`each run's own means, unpaired: game ${index}'s record in ${stale === 0 ? a.dir : b.dir} does not replay to its outcome with this parlor (another version of the rules played it)`);
      progress(2);
      // A game that ended on an engine error in either run has no metrics to pair.
      const [ranA, ranB] = runs;
      if (typeof ranA === 'string' || typeof ranB === 'string') continue;
      const entrantsAt = ranA.entrants;
      if (Math.floor(index / blockSize) !== block) {
        flush();
        block = Math.floor(index / blockSize);
        lineup = entrantsAt;
        current = fresh();
        turnsNow = [[0, 0], [0, 0]];
      }
      pairedGames++;
      [ranA, ranB].forEach((replay, run) => {
        let gameTurns = 0;
        replay.values.forEach((byName, seat) => {
          const e = entrantsAt[seat]!;
          names.forEach((name, m) => {
            const v = byName[name];
            if (typeof v !== 'number') return;
            current[run]![e]![m]![0]!++;
            current[run]![e]![m]![1]! += v;
          });
          gameTurns += byName['turns'] ?? 0;
        });
        turnsNow[run]![0]!++;
        turnsNow[run]![1]! += gameTurns;
      });
    }
  } finally {
    recordsA.return(undefined);
    recordsB.return(undefined);
  }
  flush();
  if (pairedGames === 0) return unpaired(`each run's own means over all its games, unpaired; ${needed}`);
  const rows = labels.flatMap((bot, e) => names.map((name, m) => ({ bot, name, value: ratioChange(sums[e]![m]!) })));
  const note = pairedGames < games ? `paired over the ${pairedGames} games recorded in both runs (of ${games})` : null;
  return { paired: true, note, rows, turns: hasTurns ? ratioChange(turns) : null };
}

function ratioChange(sums: RatioSums): Change {
  const r = pairedRatio(sums);
  return change(r.a, r.b, r.diff, r.ci95);
}

export interface DiffOptions {
  /** The folder for diff.json, diff.md, diff.html and changed.jsonl. */
  readonly out: string;
  readonly progress?: ProgressSink;
  /** Writes the reports (src/report/diff-*.ts) into `out`; the diff.json and changed.jsonl are written here. */
  readonly reports?: (summary: DiffSummary, out: string) => void;
  /** The game both runs played, for one parlor does not hold (a test's); by default the one its id names, if any. */
  readonly game?: GameDefinition;
}

/**
 * `parlor diff A B`: two finished runs of the same games (game, seed, entrants, players, seating),
 * whatever their options or code, compared game by game: game i of both is the same deal with the
 * same lineup and seats, so every difference is paired by game, or by block under duplicate
 * seating (src/stats/paired.ts). Both runs' files are checked as a merge checks them first.
 */
export function diffRuns(dirA: string, dirB: string, options: DiffOptions): DiffSummary {
  const a = openRun(dirA);
  const b = openRun(dirB);
  const refused = otherGames(a, b);
  if (refused !== null) throw new InputError(refused);
  const spec = a.spec;
  const schedule = makeSchedule(spec.entrants.length, spec.players, spec.seating, spec.gamesAsked);
  const { blockSize } = schedule;
  const blocks = Math.floor(Math.min(a.games, b.games) / blockSize);
  const games = blocks * blockSize;
  const fits = [ladderFit(a.spec, a.file.data), ladderFit(b.spec, b.file.data)];
  const recordsPaired = sampledCount(a, b, games);
  const progress = options.progress ?? silentProgress;
  // A refused or failed diff leaves no folder of its own behind.
  const created = !existsSync(options.out);
  let finished = false;
  let done = 0;
  const step = (n: number): void => progress.update((done += n));
  progress.start(a.games + b.games + games * (fits.every((f) => f !== null) ? 2 : 1) + 2 * recordsPaired, 0);
  try {
    for (const run of [a, b]) checkRunFolder(run.dir, run.file, { fix: DIFF_FIX, verb: 'diff', onBlock: step });

    mkdirSync(options.out, { recursive: true });
    const changedPath = join(options.out, CHANGED_FILE);
    const partial = `${changedPath}.${process.pid}.part`;
    const changed = openSync(partial, 'w');
    const playOn = [playingOn(a.spec), playingOn(b.spec)] as const;
    const paired = new PairedTally(spec.entrants.length, spec.players, blockSize, playOn);
    const builders = [builderFor(a.spec), builderFor(b.spec)] as const;
    const listed: ListedGame[] = [];
    const count: Record<ChangeKind, number> = { same: 0, length: 0, outcome: 0, winner: 0 };
    // Which games each run kept the record of, as the run decided it (record-policy.ts keepsRecord).
    const recorded = (run: Run, game: PairedGame['a']): boolean =>
      existsSync(join(run.dir, RECORDS_FILE)) && keepsRecord(run.spec.record, game.game, run.scheduled, game.faults !== undefined, game.error !== undefined);
    try {
      for (const block of pairedBlocks(a, b, blocks, blockSize)) {
        const kinds = paired.addBlock(block);
        addBlock(builders[0], block, 'a', playOn[0]);
        addBlock(builders[1], block, 'b', playOn[1]);
        block.forEach((game, i) => {
          const kind = kinds[i]!;
          if (kind === 'same') return;
          writeSync(changed, `${JSON.stringify({ game: game.a.game, kind, a: game.a, b: game.b })}\n`);
          if (count[kind]++ >= LISTED) return;
          const view = recorded(a, game.a) && recorded(b, game.b) ? ([a, b].map((run) => `npx parlor view ${join(run.dir, RECORDS_FILE)} --game-index ${game.a.game}`) as [string, string]) : null;
          listed.push({ game: game.a.game, kind, a: game.a, b: game.b, view });
        });
        step(block.length);
      }
    } finally {
      closeSync(changed);
    }

    const data = paired.finish();
    const tallies = [builders[0].finish(), builders[1].finish()] as const;
    const pairedFits = [ladderFit(a.spec, tallies[0]), ladderFit(b.spec, tallies[1])] as const;
    const elo = pairedFits[0] !== null && pairedFits[1] !== null ? eloChanges(a, b, { fits: [pairedFits[0], pairedFits[1]], tallies }, blocks, blockSize, step) : null;
    const metrics = metricChanges(a, b, options.game ?? GAMES.find((g) => g.id === spec.game), games, blockSize, step);
    const { wins, ranks, scores, seats, steps } = pairedChanges(data);
    const side = (run: Run, fit: LadderFit | null): RunSide => ({ dir: run.dir, games: run.games, config: run.spec.config, record: run.spec.record, moveTimeMs: run.spec.moveTimeMs, parlor: provenanceOf(run.dir), model: fit?.model ?? null });
    const notes: string[] = [];
    if (a.games !== b.games) notes.push(`run A played ${a.games} games and run B ${b.games}: the first ${games} of each are paired (game i is the same deal in both)`);
    if (data.leftOut > 0) notes.push(`${data.leftOut} ${spec.seating === 'random' ? 'games' : 'deals'} with an engine error in either run are left out of the paired statistics (counted in the endings)`);
    const recordsNote = listed.some((g) => g.view === null)
      ? 'to step through a game with parlor view, both runs need its record: play them again with --record all (or --record sample:N); games with a fault are always recorded'
      : null;
    const summary: DiffSummary = {
      schema: DIFF_SCHEMA,
      game: spec.game,
      variant: spec.variant,
      seed: spec.seed,
      players: spec.players,
      seating: spec.seating,
      a: side(a, pairedFits[0]),
      b: side(b, pairedFits[1]),
      differences: differences(a, b, provenanceOf(a.dir), provenanceOf(b.dir)),
      paired: { games, blocks, by: blockSize > 1 ? 'block' : 'game', pairs: blocks - data.leftOut, leftOut: data.leftOut, notes },
      entrants: spec.entrants.map((e, i) => ({ bot: e.label, pairs: data.wins[i]!.pairs, winRate: wins[i]!, meanRank: ranks[i]!, meanScore: scores?.[i] ?? null, elo: elo?.[i] ?? null })),
      seats,
      length: { steps, turns: metrics.turns },
      endings: { capped: data.capped, drawn: data.drawn, engineErrors: data.engineErrors, faults: { a: data.faults[0], b: data.faults[1] } },
      metrics: { paired: metrics.paired, note: metrics.note, rows: metrics.rows },
      games: { ...data.changes, file: CHANGED_FILE, listed, note: recordsNote },
      distributions: { steps: { a: data.lengths[0], b: data.lengths[1] } },
    };
    renameSync(partial, changedPath);
    replaceFile(join(options.out, DIFF_JSON), `${JSON.stringify(summary, null, 2)}\n`);
    options.reports?.(summary, options.out);
    finished = true;
    return summary;
  } finally {
    progress.stop();
    if (!finished && created) rmSync(options.out, { recursive: true, force: true });
    else rmSync(join(options.out, `${CHANGED_FILE}.${process.pid}.part`), { force: true });
  }
}
