/**
 * How fast the harness plays 1-player Yahtzee with a bot, in one thread: the engine's performance
 * bar is a quarter of a bare-array loop's speed. Both are timed in CPU time, so that other work on
 * the machine disturbs the ratio less. Run the compiled file:
 * `node dist/src/games/yahtzee/throughput.js [games] [bot...]`.
 */
import { builtinBots } from '../../../bots/registry.js';
import { Sfc32, seedKey } from '../../core/rng.js';
import { playGame } from '../../harness/match.js';
import { yahtzee } from './game.js';
import { faceCounts, scoreCounts } from './scoring.js';

const games = Number(process.argv[2] ?? 100_000);
const names = process.argv.length > 3 ? process.argv.slice(3) : ['random', 'greedy'];
const config = yahtzee.configSchema.parse({ series: 1 });
const key = seedKey('throughput');

function cpuSeconds(work: () => void): number {
  const started = process.cpuUsage();
  work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1e6;
}

/** The reference: uniform play over the same legal moves on bare arrays, no contract, no harness. */
function bareLoop(count: number): void {
  const rng = new Sfc32(1, 2, 3, 4);
  const dice = [0, 0, 0, 0, 0];
  const counts = [0, 0, 0, 0, 0, 0, 0];
  const open: number[] = [];
  let checksum = 0;
  for (let g = 0; g < count; g++) {
    const sheet = new Array<number>(13).fill(-1);
    for (let round = 0; round < 13; round++) {
      for (let i = 0; i < 5; i++) dice[i] = rng.die(6);
      for (let rolls = 1; ; rolls++) {
        open.length = 0;
        for (let c = 0; c < 13; c++) if (sheet[c] === -1) open.push(c);
        const choices = (rolls < 3 ? 32 : 0) + open.length;
        const pick = rng.int(choices);
        if (rolls < 3 && pick < 32) {
          for (let i = 0; i < 5; i++) if ((pick & (1 << i)) === 0) dice[i] = rng.die(6);
          continue;
        }
        const c = open[pick - (rolls < 3 ? 32 : 0)]!;
        sheet[c] = scoreCounts(c, faceCounts(dice, counts));
        checksum += sheet[c]!;
        break;
      }
    }
  }
  if (checksum < 0) console.log(checksum);
}

/** The best of a few timed runs: interference from other work on the machine only slows a run down. */
function bestRate(count: number, work: (count: number) => void): number {
  work(Math.min(count, 20_000));
  let best = 0;
  for (let trial = 0; trial < TRIALS; trial++) best = Math.max(best, count / cpuSeconds(() => work(count)));
  return best;
}

const TRIALS = 7;
const bare = bestRate(games, bareLoop);
console.log(`bare-array loop: ${Math.round(bare)} games/s`);

for (const name of names) {
  const bot = builtinBots('yahtzee').find((b) => b.name === name);
  if (bot === undefined) throw new Error(`no yahtzee bot ${name}`);
  const seats = [{ name: 'Ann', label: name, bot }];
  let steps = 0;
  let score = 0;
  let played = 0;
  const rate = bestRate(games, (count) => {
    for (let index = 0; index < count; index++) {
      const result = playGame({ game: yahtzee, variant: '', config, seed: 'throughput', key, index, seats });
      steps += result.steps;
      score += result.outcome!.score![0]!;
    }
    played += count;
  });
  console.log(
    `${name}: ${Math.round(rate)} games/s (${(rate / bare).toFixed(2)}x the bare loop), ` +
      `${(steps / played).toFixed(1)} moves and ${(score / played).toFixed(1)} points per game`,
  );
}
