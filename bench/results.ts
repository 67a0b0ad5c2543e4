/**
 * `npm run results [-- name ...]`: runs the ladders and benches the docs quote and writes each
 * result's console output into docs/results/<name>.md, headed by the commands, the commit, the
 * date and the machine, so that no number in the docs is typed by hand. Never run in CI: the whole
 * set takes most of an hour on 2 cores. `--list` names the results.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasFlag, wantedParts } from './args.js';
import { GAME_BENCHES } from './games/index.js';

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

interface Result {
  readonly name: string;
  readonly title: string;
  /** What the numbers are, for a reader who lands on the file. */
  readonly about: string;
  /** Shell command lines, run in turn from the repository's root; their output is the result. */
  readonly commands: readonly string[];
  /** The commands print Markdown (tables), shown as it is rather than as console text. */
  readonly markdown?: boolean;
}

/** A tournament's console table: `npx parlor run` with its own folder under results/docs/. */
function run(name: string, flags: string): string {
  return `npx parlor run ${flags} --quiet --out results/docs/${name}`;
}

const CLUE_VARIANTS = ['classic', 'clueless', 'cluedo'] as const;
const CLUE_LINEUPS = [
  ['3p', '--bots notebook,deduction,checklist,random --players 3 --games 9999'],
  ['4p', '--bots notebook,deduction,checklist,random --games 2000'],
  ['6p', '--bots notebook,deduction,checklist,random,random,random --games 2004'],
] as const;

function clueRuns(prefix: string, extra: string): string[] {
  return CLUE_VARIANTS.flatMap((variant) =>
    CLUE_LINEUPS.map(([players, lineup]) => run(`${prefix}-${variant}-${players}`, `--game clue --variant ${variant} ${lineup} ${extra}--seed parlor`)),
  );
}

/** Each game's exported bots (bench/games/), as `--game` and its variant, and the bot. */
const EXPORTED = GAME_BENCHES.flatMap(({ exported }) => (exported === undefined ? [] : exported.bots.map((bot) => [exported.flags, bot] as const)));

export const RESULTS: readonly Result[] = [
  {
    name: 'yahtzee-ladder',
    title: 'Yahtzee: optimal, greedy and random',
    about: 'Solitaire single games (mean score, SD and the 95% interval in report.md), then five-game series as the specification plays them at 2 to 5 players, duplicate seating.',
    commands: [
      run('yahtzee-solitaire', '--game yahtzee --bots optimal,greedy,random --players 1 --set series=1 --games 30000 --seed ladder'),
      run('yahtzee-series-2p', '--game yahtzee --bots optimal,greedy,random --players 2 --games 3000 --seed ladder'),
      run('yahtzee-series-3p', '--game yahtzee --bots optimal,greedy,random --games 3000 --seed ladder'),
      run('yahtzee-series-4p', '--game yahtzee --bots optimal,greedy,random,random --games 3000 --seed ladder'),
      run('yahtzee-series-5p', '--game yahtzee --bots optimal,greedy,random,random,random --games 3000 --seed ladder'),
    ],
  },
  {
    name: 'yahtzee-solver',
    title: 'Yahtzee: the optimal strategy, its exact score distribution and the solver\'s speed',
    about: 'The expected score and exact distribution of optimal play, then the solver\'s bars: the table built on one and two threads (1.0 s, 0.7 s), the cache loaded (100 ms), one decision (0.1 ms).',
    commands: ['npx parlor yahtzee solve --distribution', 'node dist/bench/yahtzee-solver.js build load decide --repeat 5'],
  },
  {
    name: 'clue-ladder',
    title: 'Clue: the ladder of the four System Players',
    about: 'Every variant at 3, 4 and 6 players, duplicate seating, the default rules: a correct accusation ranks its maker first and everyone else second, so bots that never win tie.',
    commands: clueRuns('clue', ''),
  },
  {
    name: 'clue-placings',
    title: 'Clue played on for places',
    about: 'The same lineups with `--set placings=true`: each solver takes the next place and the game goes on, which separates the whole ladder (a capped game ranks the players still in after the solvers).',
    commands: clueRuns('placings', '--set placings=true '),
  },
  {
    name: 'clue-strength',
    title: 'Clue: own turns to a correct accusation, wrong accusations, and one deduction among checklists',
    about: 'The same games as `parlor run` with the same flags, with each entrant\'s wrong accusations and mean own turns to its correct accusation.',
    commands: [
      ...CLUE_VARIANTS.map((v) => `node dist/bench/clue-strength.js --variant ${v} --bots notebook,deduction,checklist,random --games 1000`),
      ...CLUE_VARIANTS.map((v) => `node dist/bench/clue-strength.js --variant ${v} --bots deduction,checklist,checklist,checklist --games 1000`),
    ],
  },
  {
    name: 'clue-solver',
    title: 'Clue: the speed of the exact counter',
    about: 'Observation logs of real engine games; µs a call (wall clock and process CPU): a bot\'s update after an event, and a fresh count as `solveNotebook` makes it. Each percentile is the median of 9 timed passes over the same calls, the p50 and p99 range over them in parentheses. The bar at 6 players: p50 ≤ 20 µs, p99 ≤ 250 µs.',
    commands: CLUE_VARIANTS.flatMap((v) => ['update', 'fresh'].map((mode) => `node dist/bench/clue-solver.js --games 40 --variant ${v} --mode ${mode}`)),
  },
  {
    name: 'clue-long-logs',
    title: 'Clue: the counter and a sampled deal on long generated logs',
    about: 'Seeded 6-player observation logs of 40 suggestions (most refutations showing a card the seat did not see, wrong accusations), every prefix; µs a call (wall clock and process CPU): a fresh count as `solveNotebook` makes it, and a fresh knowledge with one deal drawn from it as Clue\'s `sampleState` does. Each percentile is the median of 9 timed passes over the same calls, the p50 and p99 range over them in parentheses. The bars: count p50 ≤ 30 µs, p99 ≤ 300 µs; sampled deal p50 ≤ 60 µs, p99 ≤ 400 µs.',
    commands: CLUE_VARIANTS.map((v) => `node dist/bench/clue-long-logs.js --logs 300 --variant ${v}`),
  },
  {
    name: 'deadwood-ladder',
    title: 'Deadwood: planner, greedy and random',
    about: 'Duplicate seating at 2, 3, 4 and 6 players.',
    commands: [
      run('deadwood-2p', '--game deadwood --bots planner,greedy,random --players 2 --games 900 --seed parlor'),
      run('deadwood-3p', '--game deadwood --bots planner,greedy,random --games 900 --seed parlor'),
      run('deadwood-4p', '--game deadwood --bots planner,greedy,random,random --games 900 --seed parlor'),
      run('deadwood-6p', '--game deadwood --bots planner,greedy,random,random,random,random --games 900 --seed parlor'),
    ],
  },
  {
    name: 'ismcts-time',
    title: 'ismcts: the time of a decision at its default budget',
    about: 'One core, in the lineups of its bars, after two games to warm up: every decision of the search player, its mean and p99 (bar: mean ≤ 50 ms, p99 ≤ 150 ms in every game).',
    commands: ['node dist/bench/ismcts-time.js --games 20'],
  },
  {
    name: 'ismcts-ladder',
    title: 'ismcts: the search player against the hand-written ones (the bars)',
    about:
      'Duplicate seating, the default budget. Bars: above random with separated Elo intervals in every game, and not below its rollout bot (point estimate) in Clue classic at 4 players (deduction) and Deadwood at 3 (greedy). ' +
      'Also the goals that need no long budget: above deduction (Clue) and greedy (Deadwood) in the same runs. ' +
      'Deadwood\'s search is advised by planner; beside the default margin of 3, the same lineup at the former 1.5, where the search overrides planner on smaller leads.',
    commands: [
      run('ismcts-clue-classic-4p', '--game clue --variant classic --bots ismcts,notebook,deduction,checklist --games 1000 --seed parlor'),
      run('ismcts-deadwood-3p', '--game deadwood --bots ismcts,planner,greedy --games 300 --seed parlor'),
      run('ismcts-deadwood-3p-margin-1.5', "--game deadwood --bots 'ismcts(margin=1.5),planner,greedy' --games 300 --seed parlor"),
      run('ismcts-clue-random', '--game clue --variant classic --bots ismcts,random,random --games 300 --seed parlor'),
      run('ismcts-deadwood-random', '--game deadwood --bots ismcts,random --games 100 --seed parlor'),
      run('ismcts-yahtzee-random', '--game yahtzee --bots ismcts,random --set series=1 --games 200 --seed parlor'),
    ],
  },
  {
    name: 'ismcts-overrides',
    title: 'ismcts: where it overrides its advisor, does it gain?',
    about:
      'Whole games in the lineups of its bars, the search player in every seat in turn; at each decision where the search played something other than its advisor\'s choice, both actions judged by paired playouts from the seat\'s information set (the same sampled state and dice, the same players after either action): the mean gain in the seat\'s share of the win. ' +
      'It shows why Deadwood\'s margin is 3 (docs/bots.md#ismcts). Its playouts, like the search\'s, have the rollout bot in every seat: a gain there is a gain against players like it. With `--opponents lineup` the seat plays on as its advisor and the other seats as the lineup\'s own bots: a gain there is a gain against the players of the bar. The budgets are in iterations, so the numbers do not depend on the machine.',
    commands: [
      'node dist/bench/ismcts-overrides.js --games 30 --pairs 400 deadwood',
      "node dist/bench/ismcts-overrides.js --games 30 --pairs 400 --search 'ismcts(margin=1.5)' deadwood",
      'node dist/bench/ismcts-overrides.js --games 20 --pairs 200 --opponents lineup deadwood',
      "node dist/bench/ismcts-overrides.js --games 20 --pairs 200 --opponents lineup --search 'ismcts(margin=1.5)' deadwood",
      'node dist/bench/ismcts-overrides.js --games 20 --pairs 200 clue',
    ],
  },
  {
    name: 'ismcts-solitaire',
    title: 'ismcts: Yahtzee solitaire at the default budget and at 4x (a goal)',
    about: 'Mean score with its 95% interval, one game a series, beside greedy and optimal on the same seed; budgets in iterations, so the numbers do not depend on the machine.',
    commands: [
      run('ismcts-yahtzee-solitaire', '--game yahtzee --bots ismcts --players 1 --set series=1 --games 1000 --seed parlor'),
      run('ismcts-yahtzee-solitaire-4x', "--game yahtzee --bots 'ismcts(iterations=12000)' --players 1 --set series=1 --games 200 --seed parlor"),
      run('yahtzee-solitaire-references', '--game yahtzee --bots greedy,optimal --players 1 --set series=1 --games 2000 --seed parlor'),
      'node dist/bench/mean-scores.js results/docs/ismcts-yahtzee-solitaire results/docs/ismcts-yahtzee-solitaire-4x results/docs/yahtzee-solitaire-references',
    ],
  },
  {
    name: 'ismcts-goals',
    title: 'ismcts: a second a decision against the strongest hand-written players (the goals)',
    about: 'Above notebook (Clue classic, 4 players) and planner (Deadwood, 3 players) at ms=1000: few games, since a decision takes a second of wall clock (the runs are reproducible: false and depend on the machine; run on a quiet one). About 25 minutes on two cores.',
    commands: [
      run('ismcts-clue-ms1000', "--game clue --variant classic --bots 'ismcts(ms=1000),notebook,deduction,checklist' --games 60 --seed parlor"),
      run('ismcts-deadwood-ms1000', "--game deadwood --bots 'ismcts(ms=1000),planner,greedy' --games 18 --seed parlor"),
    ],
  },
  {
    name: 'calibration',
    title: 'How often the 95% intervals cover the truth',
    about:
      'Tournaments whose true values are known. Simulated: identical bots under random seating, and entrants finishing in Plackett-Luce order with set strengths at 2 to 8 seats under both seatings, also with a first-seat advantage, an effect of the neighbour seated before, a strong entrant beside identical copies, outcomes that name only the winner (the winner model), and a near-separated entrant (its one-sided bound judged) (the truth there is the pairwise fit\'s target under fair seating: src/stats/README.md#calibration). Real games, 300 runs of 400 games a cell on the worker pool: Clue classic 4p notebook and three deduction, Clue-Less 6p with placings notebook and five checklist, Deadwood 4p planner and three greedy, where only the identical copies\' pairs (true difference 0) are pooled. ' +
      'Per cell, the share of intervals that held the true value, for every interval kind; the bar for the reported pairwise interval is 0.95 ± z standard errors of the pooled share (the larger of the binomial one and the one the runs\' spread shows), z holding the chance that any calibrated cell of the table falls outside to 1%, 0.92-0.98 for the others. About 1.5 hours on 2 cores, mostly the real games.',
    commands: ['node dist/bench/index.js calibration'],
    markdown: true,
  },
  {
    name: 'sprt',
    title: 'The SPRT\'s error rates and its Elo',
    about: '`parlor sprt`\'s own code (runSprt) on a simulated game of known truth, at 2 to 6 seats, full rankings and winner-only outcomes, strong others beside base and test: 1 000 tests with the two identical (elo0) and 1 000 with test elo1 stronger a cell, each error rate against its nominal value plus 2.6 standard errors; then the reported Elo and the ladder\'s over fixed-length runs against the truth.',
    commands: ['node dist/bench/index.js sprt'],
    markdown: true,
  },
  {
    name: 'diff',
    title: 'How often parlor diff\'s paired intervals cover the truth',
    about:
      'Pairs of runs of one seed whose true difference is known: identical entrants in the seated race, run B with seat 0 playing as if twice as strong, at 3, 4 and 6 seats under random and duplicate seating, 1 000 pairs a cell, through the outcome lines and the pairing `parlor diff` reads (src/stats/README.md#paired-differences-parlor-diff). Per cell, seat 0\'s true and mean estimated shift, and the share of 95% intervals holding the truth: seat 0\'s, every seat\'s pooled and every entrant\'s pooled (truth 0), judged within 0.95 ± z standard errors. About 4 minutes on 2 cores.',
    commands: ['node dist/bench/index.js diff'],
    markdown: true,
  },
  {
    name: 'tune',
    title: "parlor tune: Yahtzee greedy's parWeight tuned from its default",
    about:
      "`parlor tune` on a built-in bot: greedy's `parWeight` (0.75 by default, 0 to 2) tuned by SPSA with fishtest's default schedule over 20 000 single games of two versions head to head, then the tuned value against the default on 20 000 games of a seed the tuning never played: the Elo difference and its 95% interval, gain or no gain.",
    commands: ['npx parlor tune --game yahtzee --set series=1 --bot greedy --params parWeight --games 20000 --verify-games 20000 --seed tune --quiet --force --out results/docs/tune'],
  },
  {
    name: 'bench',
    title: 'The harness\'s speed bars',
    about: 'Scaling (2 workers against 1, bar 1.8x), overhead against a plain loop (bar 0.9x), the floor against a bare-array loop (bar 0.25x), memory; then where the overhead goes, in one thread.',
    commands: ['node dist/bench/index.js scaling overhead floor memory', 'node dist/bench/in-thread.js --games 50000 --repeat 5'],
  },
  {
    name: 'protocol',
    title: 'What a bot process costs',
    about: 'The same games, seed and bot in-process and as a `parlor bot` process over the bot protocol.',
    commands: ['node dist/bench/protocol.js --game yahtzee', 'node dist/bench/protocol.js --game clue'],
  },
  {
    name: 'serve-load',
    title: 'The Clue-Less server under load',
    about: '200 concurrent games for 30 s on loopback, each seat a random WebSocket client; then one person and two notebook System Players a game.',
    commands: ['node dist/bench/serve-load.js', 'node dist/bench/serve-load.js --people 1 --fill-with notebook'],
  },
  {
    name: 'export-sizes',
    title: 'System Players as browser modules: their sizes',
    about: 'Minified bytes of each `parlor export-bot` module (zod comes along where a bot checks its data with it).',
    commands: EXPORTED.map(([game, bot]) => `npx parlor export-bot --game ${game} --bot ${bot} --out results/docs/export/${bot}-${game.split(' ')[0]}.js`),
  },
];

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function machine(): string {
  const cores = cpus();
  return `${cores[0]?.model.trim() ?? 'unknown CPU'}, ${cores.length} cores, Node ${process.versions.node}, load average ${loadavg()[0]!.toFixed(1)} at the start`;
}

function fence(text: string): string {
  return `\`\`\`text\n${text.trimEnd()}\n\`\`\``;
}

function produce(result: Result, commit: string): string {
  rmSync(join(ROOT, 'results/docs'), { recursive: true, force: true });
  mkdirSync(join(ROOT, 'results/docs/export'), { recursive: true });
  const started = new Date();
  const head = [
    `# ${result.title}`,
    result.about,
    `Generated by \`npm run results -- ${result.name}\` at commit ${commit}, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, on ${machine()}.`,
  ];
  const sections = result.commands.map((command, i) => {
    process.stderr.write(`[${result.name} ${i + 1}/${result.commands.length}] ${command}\n`);
    const t0 = Date.now();
    const child = spawnSync('bash', ['-c', command], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
    if (child.status !== 0) {
      const why = child.error?.message ?? child.stderr.trim().split('\n').slice(-3).join(' ');
      throw new Error(`${command} failed (exit ${child.status ?? child.signal}): ${why}`);
    }
    const seconds = ((Date.now() - t0) / 1000).toFixed(0);
    return [`## \`${command}\``, `${seconds} s.`, result.markdown === true ? child.stdout.trim() : fence(child.stdout)].join('\n\n');
  });
  return `${[...head, ...sections].join('\n\n')}\n`;
}

function main(): void {
  if (hasFlag('list')) {
    for (const r of RESULTS) console.log(`${r.name.padEnd(16)} ${r.title}`);
    return;
  }
  const wanted = wantedParts();
  const chosen = RESULTS.filter((r) => wanted(r.name));
  const known = new Set(RESULTS.map((r) => r.name));
  const unknown = process.argv.slice(2).filter((a) => !a.startsWith('--') && !known.has(a));
  if (unknown.length > 0) {
    console.error(`npm run results: no result named ${unknown.join(', ')}: expected some of ${[...known].join(', ')}`);
    process.exit(2);
  }
  // A result names the commit it was made at, which is only true of a committed tree (prose aside).
  const changed = git('status', '--porcelain', '--', 'src', 'bots', 'bench', 'package.json', 'package-lock.json', ':(exclude)*.md');
  if (changed !== '') {
    console.error('npm run results: the code (src/, bots/, bench/, the package files) has uncommitted changes: commit them first, since each result names the commit it was made at');
    process.exit(2);
  }
  const commit = git('rev-parse', 'HEAD');
  mkdirSync(join(ROOT, 'docs/results'), { recursive: true });
  for (const result of chosen) {
    writeFileSync(join(ROOT, 'docs/results', `${result.name}.md`), produce(result, commit));
    process.stderr.write(`wrote docs/results/${result.name}.md\n`);
  }
}

main();
