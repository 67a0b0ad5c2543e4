import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../../core/errors.js';
import { playerCountProblem, playerRange } from '../../games/registry.js';
import { CHECKPOINT_FILE } from '../../harness/run-files.js';
import { parseEntrants } from '../../harness/entrants.js';
import { defaultWorkers, poolExecutor } from '../../harness/pool.js';
import { prepareRun } from '../../harness/prepare.js';
import { progressFor } from '../../harness/progress.js';
import { RunLock } from '../../harness/run-lock.js';
import { percent, workerCount } from '../../report/order.js';
import { runSprt, type SprtReport } from '../../tournament/sprt-run.js';
import { SPRT_FILE } from '../../tournament/tournament.js';
import { checkOutputPath } from '../paths.js';
import { gameCount, printJson, resolveGameArgs, threadCount, type GameArgs } from '../shared.js';

export interface SprtArgs extends GameArgs {
  base: string;
  test: string;
  others?: string;
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
  seed: string;
  'max-games': number;
  'max-fault-rate': number;
  workers?: number;
  'move-time-ms': number;
  out?: string;
  resume: boolean;
  force: boolean;
  'break-lock': boolean;
  quiet: boolean;
  json: boolean;
}

function probability(flag: string, value: number): void {
  if (!(value > 0 && value < 0.5)) throw new InputError(`--${flag} ${value}: expected a probability between 0 and 0.5, e.g. 0.05`);
}

/**
 * The worker threads of an SPRT: with a move time limit, at most the machine's cores. A timeout
 * forfeits the game, a loss, so more threads than cores would let the machine's load decide the test.
 */
export function sprtWorkers(workers: number, moveTimeMs: number, cores: number): { workers: number; note: string | null } {
  if (moveTimeMs === 0 || workers <= cores) return { workers, note: null };
  return { workers: cores, note: `--workers ${workers} capped at this machine's ${cores} cores: with --move-time-ms a timeout is a loss, and more threads than cores would let speed decide` };
}

/** `parlor sprt`: every flag checked before a game is played, then the test to its verdict. */
export async function sprtAction(args: SprtArgs): Promise<void> {
  probability('alpha', args.alpha);
  probability('beta', args.beta);
  if (!(args.elo1 > args.elo0)) throw new InputError(`--elo1 ${args.elo1} must be greater than --elo0 ${args.elo0}`);
  threadCount('workers', args.workers);
  for (const flag of ['elo0', 'elo1'] as const) {
    if (!(Math.abs(args[flag]) <= 1000)) throw new InputError(`--${flag} ${args[flag]}: expected an Elo difference from -1000 to 1000`);
  }
  const maxFaultRate = args['max-fault-rate'];
  if (!(maxFaultRate >= 0 && maxFaultRate <= 1)) throw new InputError(`--max-fault-rate ${maxFaultRate}: expected a share of games from 0 to 1, e.g. 0.05`);
  const { game, variant, config } = resolveGameArgs(args);
  const maxGames = args['max-games'];
  gameCount('max-games', maxGames);
  if (args.resume && args.out === undefined) throw new InputError('--resume goes on with the test in --out: name the folder');
  if (args.out !== undefined) {
    checkOutputPath(args.out, 'folder');
    const held = [CHECKPOINT_FILE, SPRT_FILE].some((file) => existsSync(join(args.out!, file)));
    if (held && !args.resume && !args.force) throw new InputError(`${args.out} holds a run already: --resume goes on with it, --force replaces it, or choose another --out`);
  }
  const entrants = parseEntrants([args.base, args.test, ...(args.others ? [args.others] : [])].join(','), game.id);
  const problem = playerCountProblem(game, variant, entrants.length);
  if (problem !== null) {
    const [min, max] = playerRange(game, variant);
    const fix = entrants.length < min ? `name ${min - 2}-${max - 2} more with --others, e.g. --others ${Array(min - 2).fill('random').join(',')}` : `name at most ${max - 2} with --others`;
    throw new InputError(`${problem}: --base, --test and --others name ${entrants.length}; ${fix}`);
  }
  const spec = await prepareRun({
    game,
    variant,
    config,
    seed: args.seed,
    entrants,
    seating: 'duplicate',
    games: maxGames,
    record: 'faults',
    moveTimeMs: args['move-time-ms'],
    sprt: { base: 0, test: 1 },
  });
  // The run takes the folder's lock itself (runTournament); --break-lock frees it first.
  if (args.out !== undefined && args['break-lock']) RunLock.acquire(args.out, { breakLock: true }).release();
  const { workers, note } = sprtWorkers(args.workers ?? defaultWorkers(), args['move-time-ms'], availableParallelism());
  if (note !== null) process.stderr.write(`${note}\n`);
  const report = await runSprt(spec, poolExecutor(spec, workers), args, {
    progress: progressFor(args.quiet || args.json),
    maxFaultRate,
    ...(args.out !== undefined ? { out: args.out, resume: args.resume } : {}),
  });
  if (args.json) printJson(report);
  else for (const line of sprtConsole(report, args.out)) console.log(line);
}

const signed = (x: number, digits: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;
const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The report as a few lines: the verdict, the difference, the games, the faults, where the files went. */
export function sprtConsole(r: SprtReport, out: string | undefined): string[] {
  const interval = r.eloCI95 === null ? '' : ` (95%: ${r.eloCI95[0] === null ? 'open' : signed(r.eloCI95[0], 1)} to ${r.eloCI95[1] === null ? 'open' : signed(r.eloCI95[1], 1)})`;
  const elo = r.elo === null ? `no finite Elo: ${r.score === 1 ? r.test : r.base} took every game that counts` : `Elo ${signed(r.elo, 1)}${interval}`;
  const counted = r.counted < r.wins + r.draws + r.losses ? `; ${r.counted} of them count (a winner-only game counts when exactly one of the two won)` : '';
  const leftOut = r.engineErrors > 0 ? `; ${r.engineErrors} deals left out on engine errors` : '';
  const faulty = r.entrants.filter((e) => e.faultRate > 0);
  const faults = faulty.map((e) => {
    const kinds = Object.entries(e.faults).filter(([, count]) => count > 0);
    return `${e.bot} (${e.role}) ${percent(e.faultRate)} of ${e.games} games: ${kinds.map(([kind, count]) => `${kind} ${count}`).join(', ')}`;
  });
  return [
    r.verdict,
    `${elo}${r.los === null ? '' : `, LOS ${percent(r.los)}`}; LLR ${r.llr} (bounds ${r.bounds[0]}, ${r.bounds[1]})`,
    `${r.games} games in ${r.blocks + r.engineErrors} deals; ${r.test} against ${r.base}: ${count(r.wins, 'win')}, ${count(r.draws, 'draw')}, ${count(r.losses, 'loss', 'losses')}${counted}${leftOut}`,
    `deals by ${r.test}'s wins minus losses in them: ${r.blocksByLead.map((count, i) => `${i === r.players ? 0 : signed(i - r.players, 0)}: ${count}`).join('  ')}`,
    `faults: ${faults.length === 0 ? 'none' : faults.join('; ')}`,
    `${r.timing.gamesPerSecond} games/s on ${workerCount(r.timing.workers)}${out === undefined ? '' : `; ${out}/${SPRT_FILE}, report.html, report.md, summary.json`}`,
  ];
}
