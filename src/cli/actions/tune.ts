import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import cliProgress from 'cli-progress';
import { InputError } from '../../core/errors.js';
import { CHECKPOINT_FILE } from '../../harness/run-files.js';
import { loadBotFactory, parseEntrants } from '../../harness/entrants.js';
import { defaultWorkers, registryModule } from '../../harness/pool.js';
import { prepareRun } from '../../harness/prepare.js';
import { formatDuration } from '../../harness/progress.js';
import { RunLock } from '../../harness/run-lock.js';
import { workerCount } from '../../report/order.js';
import { FISHTEST_GAINS, type GainSettings } from '../../tune/gains.js';
import { parseTunedParams } from '../../tune/params.js';
import { probePlayer } from '../../tune/probes.js';
import { TUNE_HTML, TUNE_MARKDOWN, verificationLine, writeTuneReports } from '../../tune/report.js';
import { gamesPerIteration, opponentNames, readTuneFile, setupDifference, startValues, tune, TUNE_FILE, writeTuneFile, type TuneFile, type TuneSetup } from '../../tune/tuning.js';
import { verify } from '../../tune/verify.js';
import { checkOutputPath } from '../paths.js';
import { gameCount, positiveInteger, resolveGameArgs, threadCount, type GameArgs } from '../shared.js';

export interface TuneArgs extends GameArgs {
  bot: string;
  params: string;
  against?: string;
  players?: number;
  games: number;
  deals: number;
  seed: string;
  out: string;
  workers?: number;
  resume: boolean;
  force: boolean;
  'break-lock': boolean;
  verify: boolean;
  'verify-games': number;
  alpha: number;
  gamma: number;
  'a-ratio': number;
  'r-end': number;
  quiet: boolean;
}

/** A schedule flag: a number in (low, high] (or [low, high] when low is allowed). */
function inRange(flag: string, value: number, low: number, high: number, lowAllowed: boolean, example: number): void {
  if (!((lowAllowed ? value >= low : value > low) && value <= high)) {
    throw new InputError(`--${flag} ${value}: expected a number ${lowAllowed ? 'from' : 'above'} ${low} ${lowAllowed ? 'to' : 'up to'} ${high}, e.g. ${example}`);
  }
}

/** The seats: the tuned bot and --against's opponents, or the two versions head to head. */
function playersOf(args: TuneArgs, against: number): number {
  if (against === 0) {
    if (args.players !== undefined && args.players !== 2) throw new InputError(`--players ${args.players}: without --against the two versions play each other at 2 players; name the other seats' opponents with --against`);
    return 2;
  }
  if (args.players !== undefined && args.players !== against + 1) {
    throw new InputError(`--players ${args.players} seats the tuned bot and ${args.players - 1} opponents, but --against names ${against}: name one for each other seat (an opponent named twice sits twice)`);
  }
  return against + 1;
}

/** `parlor tune`: every flag checked, the tuning run or resumed in --out (its lock held), then verified. */
export async function tuneAction(args: TuneArgs): Promise<void> {
  threadCount('workers', args.workers);
  gameCount('games', args.games);
  positiveInteger('deals', args.deals);
  const verifyGames = args['verify-games'];
  if (!Number.isInteger(verifyGames) || verifyGames < 0) throw new InputError(`--verify-games ${verifyGames}: expected a whole number of games, 0 for no verification`);
  if (verifyGames > 0) gameCount('verify-games', verifyGames);
  inRange('alpha', args.alpha, 0, 1, false, FISHTEST_GAINS.alpha);
  inRange('gamma', args.gamma, 0, 1, false, FISHTEST_GAINS.gamma);
  inRange('a-ratio', args['a-ratio'], 0, 1, true, FISHTEST_GAINS.aRatio);
  inRange('r-end', args['r-end'], 0, 1, false, FISHTEST_GAINS.rEnd);
  if (args.verify && verifyGames === 0) throw new InputError('--verify plays --verify-games games: give more than 0');
  if (args.resume && args.force) throw new InputError('--resume goes on with the tuning in --out and --force replaces it: give one');
  const { game, variant, config } = resolveGameArgs(args);
  const bots = parseEntrants(args.bot, game.id);
  const bot = bots[0]!;
  if (bots.length !== 1 || (bot.source.kind !== 'builtin' && bot.source.kind !== 'module')) throw new InputError(`--bot ${args.bot}: expected one built-in bot or module path, e.g. --bot greedy`);
  const params = parseTunedParams(args.params, await loadBotFactory(game.id, bot.source), bot.label.replace(/\(.*\)$/s, ''));
  const given = 'params' in bot.source ? (bot.source.params ?? {}) : {};
  const fixed = params.find((p) => given[p.name] !== undefined);
  if (fixed !== undefined) throw new InputError(`--bot ${args.bot} sets ${fixed.name}, which --params tunes: give its start in --params instead`);
  const against = args.against === undefined ? [] : parseEntrants(args.against, game.id);
  const program = against.find((e) => e.source.kind === 'cmd');
  if (program !== undefined) throw new InputError(`--against ${program.label}: parlor tune seats System Players of this process (built-ins and modules) only`);
  const players = playersOf(args, against.length);
  const gains: GainSettings = { alpha: args.alpha, gamma: args.gamma, aRatio: args['a-ratio'], rEnd: args['r-end'] };
  const perIteration = gamesPerIteration(against.length, players, args.deals);
  const setup: TuneSetup = {
    game: game.id,
    variant,
    config,
    seed: args.seed,
    bot: bot.label,
    against: opponentNames(against),
    players,
    games: args.games,
    deals: args.deals,
    iterations: Math.ceil(args.games / perIteration),
    gains,
    params,
  };
  const template = await prepareRun({
    game,
    variant,
    config,
    seed: args.seed,
    entrants: [bot, ...(against.length === 0 ? [bot] : against)],
    players,
    seating: 'duplicate',
    games: 1,
    record: 'none',
    moveTimeMs: 0,
  });

  const { out } = args;
  checkOutputPath(out, 'folder');
  let earlier = readTuneFile(out);
  const goesOn = args.resume || args.verify;
  const flag = args.verify ? '--verify' : '--resume';
  // --resume on a folder with no tuning starts one, as `run --resume` does: a job's command can always carry it.
  if (earlier === null && args.verify) throw new InputError(`--verify: ${out} holds no tuning (no ${TUNE_FILE}) to verify`);
  if (earlier === null && existsSync(join(out, CHECKPOINT_FILE))) throw new InputError(`${out} holds a parlor run, not a tuning: choose another --out`);
  if (earlier !== null && !goesOn && !args.force) throw new InputError(`${out} holds a tuning already: --resume goes on with it, --force replaces it, or choose another --out`);
  if (earlier !== null && goesOn) {
    const differs = setupDifference(earlier.setup, setup);
    if (differs !== null) throw new InputError(`${flag}: ${out} holds another tuning: ${differs}; rerun it with its own flags or choose another --out`);
  }
  if (args.verify && earlier!.iterations.length === 0) throw new InputError(`--verify: the tuning in ${out} has no iteration yet`);

  const lock = RunLock.acquire(out, { breakLock: args['break-lock'] });
  try {
    if (args.force && earlier !== null) {
      earlier = null;
      for (const name of readdirSync(out)) if (/^verify-\d+$/.test(name)) rmSync(join(out, name), { recursive: true, force: true });
    }
    const workers = args.workers ?? defaultWorkers();
    let file = earlier;
    if (!args.verify) {
      const progress = tuneProgress(args.quiet, setup.iterations);
      progress.start(earlier?.iterations.length ?? 0);
      try {
        file = await tune({ setup, template, player: probePlayer(workers, registryModule()), out, lock, earlier, onIteration: progress.update });
      } finally {
        progress.stop();
      }
    }
    const finished = file!.iterations.length === setup.iterations;
    if (verifyGames > 0 && (args.verify || (finished && file!.verification?.iteration !== file!.iterations.length))) {
      const verification = await verify(file!, template, { out, games: verifyGames, workers, gamesModule: registryModule() });
      file = { ...file!, verification };
      lock.check();
      writeTuneFile(out, file);
    }
    writeTuneReports(out, file!);
    for (const line of tuneConsole(file!, out)) console.log(line);
  } finally {
    lock.release();
  }
}

/** Iterations done, games, and the values reached: a bar on a terminal, a line every 10 s elsewhere. */
function tuneProgress(quiet: boolean, total: number): { start(done: number): void; update(file: TuneFile): void; stop(): void } {
  const text = (file: TuneFile): { games: number; values: string } => ({
    games: file.iterations.reduce((n, it) => n + it.games, 0),
    values: file.setup.params.map((p, i) => `${p.name}=${file.values[i]}`).join(' '),
  });
  if (quiet) return { start() {}, update() {}, stop() {} };
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar({ stream: process.stderr, format: 'iteration {bar} {value}/{total} | {games} games | {values}', fps: 5, hideCursor: false }, cliProgress.Presets.shades_classic);
    return { start: (done) => bar.start(total, done, { games: 0, values: '' }), update: (file) => bar.update(file.iterations.length, text(file)), stop: () => bar.stop() };
  }
  let last = 0;
  return {
    start: () => void (last = performance.now()),
    update: (file) => {
      if (performance.now() - last < 10_000) return;
      last = performance.now();
      const { games, values } = text(file);
      process.stderr.write(`iteration ${file.iterations.length}/${total}, ${games} games, ${values}\n`);
    },
    stop() {},
  };
}

/** The tuning at its end: the values from start to now, the verification, the files and the label to paste. */
export function tuneConsole(file: TuneFile, out: string): string[] {
  const { setup } = file;
  const start = startValues(setup);
  const games = file.iterations.reduce((n, it) => n + it.games, 0);
  return [
    `${file.iterations.length} of ${setup.iterations} iterations, ${games} games, ${formatDuration(file.timing.seconds)} on ${workerCount(file.timing.workers)}`,
    ...setup.params.map((p, i) => `${p.name}: ${start[i]} -> ${file.values[i]} (range ${p.min} to ${p.max})`),
    `verification: ${verificationLine(file.verification)}`,
    `files: ${join(out, TUNE_FILE)}, ${TUNE_MARKDOWN}, ${TUNE_HTML}`,
    file.label,
  ];
}
