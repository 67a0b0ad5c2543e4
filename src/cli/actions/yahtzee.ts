import { InputError } from '../../core/errors.js';
import { CATEGORIES, UPPER_BONUS_THRESHOLD } from '../../games/yahtzee/scoring.js';
import { advise, checkAdviceQuery, type Advice, type AdviceQuery } from '../../games/yahtzee/solver/advice.js';
import { defaultThreads } from '../../games/yahtzee/solver/build.js';
import { distributionCachePath, writeJsonCache } from '../../games/yahtzee/solver/cache.js';
import { distributionJson, scoreDistribution, type ScoreDistribution } from '../../games/yahtzee/solver/distribution.js';
import { loadTable, solveTable, type LoadedTable } from '../../games/yahtzee/solver/load.js';
import type { OptimalTable } from '../../games/yahtzee/solver/table.js';
import { printJson, threadCount } from '../shared.js';

export interface SolveArgs {
  cache: boolean;
  threads?: number;
  distribution: boolean;
  json: boolean;
}

export interface AdviseArgs {
  dice?: string;
  'rolls-left'?: number;
  used: string;
  upper?: number;
  json: boolean;
}

/** The published optimum for these rules, for the solve command to show beside its own. */
const PUBLISHED = '245.87 (Glenn 2006, "An Optimal Strategy for Yahtzee"; 245.870775 to six places)';

function percent(p: number): string {
  return `${(100 * p).toFixed(2)}%`;
}

function distributionLines(d: ScoreDistribution): string[] {
  const percentiles = Object.entries(d.percentiles).map(([p, s]) => `p${p} ${s}`);
  return [
    'Final score under optimal play (exact, not sampled):',
    `  mean ${d.mean.toFixed(4)}, SD ${d.sd.toFixed(4)}, min ${d.min}, max ${d.max}`,
    `  ${percentiles.join(', ')}`,
    `  P(upper bonus) ${percent(d.bonusProbability)}, P(Yahtzee scored) ${percent(d.yahtzeeProbability)}`,
  ];
}

/** `parlor yahtzee solve`: the table built (and cached), its expected score beside the published one. */
export async function solveAction(args: SolveArgs): Promise<void> {
  threadCount('threads', args.threads);
  const threads = args.threads ?? defaultThreads();
  const solved = await solveTable(threads, args.cache);
  const distribution = args.distribution ? scoreDistribution(solved.table) : null;
  if (distribution !== null && args.cache) writeJsonCache(distributionCachePath(), distributionJson(distribution));
  const { table } = solved;
  if (args.json) {
    printJson({
      expectedScore: table.expectedScore,
      seconds: solved.seconds,
      states: table.states,
      ...(distribution !== null ? { distribution: distributionJson(distribution) } : {}),
    });
    return;
  }
  const lines = [
    `Expected score of the empty card: ${table.expectedScore.toFixed(6)} (published: ${PUBLISHED})`,
    `Built in ${solved.seconds.toFixed(3)} s with ${threads} thread${threads === 1 ? '' : 's'}: ${table.states} turn-start states (used categories x upper points still needed for the bonus)`,
    args.cache
      ? solved.writeProblem === undefined
        ? `Cached in ${solved.cachePath}`
        : `Not cached: ${solved.writeProblem}`
      : 'Not cached (--no-cache)',
    ...(distribution !== null ? distributionLines(distribution) : []),
  ];
  console.log(lines.join('\n'));
}

function parseDice(text: string): number[] {
  const parts = text.split(',').map((s) => s.trim());
  return parts.map((part) => {
    if (!/^\d+$/.test(part)) throw new InputError(`--dice ${text}: "${part}" is not a die face (1 to 6); expected five faces like 3,3,5,5,6`);
    return Number(part);
  });
}

function parseUsed(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The table for the advisor: the cached one, or built now (saying so on stderr, JSON stays clean). */
async function advisorTable(): Promise<LoadedTable> {
  const loaded = await loadTable();
  if (loaded.source === 'built') {
    const cached = loaded.writeProblem === undefined ? `cached in ${loaded.cachePath}` : `not cached: ${loaded.writeProblem}`;
    process.stderr.write(`parlor: built the optimal table in ${loaded.seconds.toFixed(2)} s (cache ${loaded.cacheProblem}); ${cached}\n`);
  }
  return loaded;
}

/** One option as a line; `scoreNow` is the category that keeping all five dice would score in. */
function describeOption(option: Advice['options'][number], best: boolean, scoreNow: string): string {
  const value = option.expectedScore.toFixed(4).padStart(10);
  const mark = best ? 'best' : '    ';
  if ('category' in option) return `  ${mark}  score ${option.category.padEnd(14)}${value}`;
  const what = option.keep.length === 5 ? `stop, score ${scoreNow}` : option.keep.length === 0 ? 'reroll all five' : `keep ${option.keep.join(' ')}`;
  return `  ${mark}  ${what.padEnd(26)}${value}`;
}

function adviceLines(table: OptimalTable, query: AdviceQuery, advice: Advice): string[] {
  const used = query.used.length === 0 ? 'nothing used' : `used ${query.used.join(', ')}`;
  const bonus = query.upper >= UPPER_BONUS_THRESHOLD ? 'bonus earned' : `${UPPER_BONUS_THRESHOLD - query.upper} more for the bonus`;
  const head = `Card: ${used}; upper total ${query.upper} (${bonus})`;
  if (query.dice === undefined) return [head, `Expected points still to come from the start of the next turn: ${advice.expectedScore.toFixed(4)}`];
  const rollsLeft = query.rollsLeft ?? 0;
  const now = advise(table, { ...query, rollsLeft: 0 }).options[0]!;
  const scoreNow = 'category' in now ? now.category : '';
  return [
    head,
    `Dice ${query.dice.join(' ')} with ${rollsLeft} roll${rollsLeft === 1 ? '' : 's'} left: expected points still to come ${advice.expectedScore.toFixed(4)}`,
    ...advice.options.map((option, i) => describeOption(option, i === 0, scoreNow)),
  ];
}

/** `parlor yahtzee advise`: the value of every option for the card and dice. */
export async function adviseAction(args: AdviseArgs): Promise<void> {
  const used = parseUsed(args.used);
  const query: AdviceQuery = {
    used,
    upper: args.upper ?? 0,
    ...(args.dice !== undefined ? { dice: parseDice(args.dice) } : {}),
    ...(args['rolls-left'] !== undefined ? { rollsLeft: args['rolls-left'] } : {}),
  };
  checkAdviceQuery(query);
  if (args.upper === undefined && used.some((id) => (CATEGORIES.slice(0, 6) as readonly string[]).includes(id))) {
    throw new InputError('--upper is needed once an upper category (ones ... sixes) is used: the points the upper section holds so far');
  }
  const { table } = await advisorTable();
  const advice = advise(table, query);
  if (args.json) printJson(advice);
  else console.log(adviceLines(table, query, advice).join('\n'));
}
