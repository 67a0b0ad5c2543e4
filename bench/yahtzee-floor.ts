/**
 * The floor for 1-player Yahtzee with the `random` policy: the same rules on bare arrays, no game
 * contract, no harness, no allocation per move. The policy is the foundation's exactly: a turn
 * opens with its one forced roll; after a roll, while fewer than 3 rolls were made, uniform over
 * 32 hold masks plus one score action per open category; after the third roll, uniform over the
 * open categories. Prints games/s and moves per game (45.8 on average).
 * Run: node dist/bench/yahtzee-floor.js [games]
 */
import { Sfc32 } from '../src/core/rng.js';

const FULL_HOUSE = 25;
const SMALL_STRAIGHT = 30;
const LARGE_STRAIGHT = 40;
const YAHTZEE = 50;

/** The spec's scoring for category c (0..12, in the engine's order) of dice with face counts `n`. */
function score(c: number, n: Int32Array, sum: number): number {
  if (c < 6) return n[c + 1]! * (c + 1);
  let most = 0;
  let pairs = 0;
  let triples = 0;
  for (let f = 1; f <= 6; f++) {
    if (n[f]! > most) most = n[f]!;
    if (n[f] === 2) pairs++;
    if (n[f] === 3) triples++;
  }
  const run = (from: number, length: number): boolean => {
    for (let f = from; f < from + length; f++) if (n[f] === 0) return false;
    return true;
  };
  switch (c) {
    case 6:
      return most >= 3 ? sum : 0;
    case 7:
      return most >= 4 ? sum : 0;
    case 8:
      return pairs === 1 && triples === 1 ? FULL_HOUSE : 0;
    case 9:
      return run(1, 4) || run(2, 4) || run(3, 4) ? SMALL_STRAIGHT : 0;
    case 10:
      return run(1, 5) || run(2, 5) ? LARGE_STRAIGHT : 0;
    case 11:
      return most === 5 ? YAHTZEE : 0;
    default:
      return sum;
  }
}

export function floorLoop(games: number): { moves: number; points: number } {
  const rng = new Sfc32(0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x01234567);
  const dice = new Int32Array(5);
  const counts = new Int32Array(7);
  const sheet = new Int32Array(13);
  const open = new Int32Array(13);
  let moves = 0;
  let points = 0;
  for (let g = 0; g < games; g++) {
    sheet.fill(-1);
    for (let turn = 0; turn < 13; turn++) {
      for (let i = 0; i < 5; i++) dice[i] = rng.die(6);
      moves++;
      for (let rolls = 1; ; rolls++) {
        let openCount = 0;
        for (let c = 0; c < 13; c++) if (sheet[c] === -1) open[openCount++] = c;
        const masks = rolls < 3 ? 32 : 0;
        const pick = rng.int(masks + openCount);
        moves++;
        if (pick < masks) {
          for (let i = 0; i < 5; i++) if ((pick & (1 << i)) === 0) dice[i] = rng.die(6);
          continue;
        }
        counts.fill(0);
        let sum = 0;
        for (let i = 0; i < 5; i++) {
          counts[dice[i]!]!++;
          sum += dice[i]!;
        }
        const c = open[pick - masks]!;
        sheet[c] = score(c, counts, sum);
        break;
      }
    }
    let upper = 0;
    let total = 0;
    for (let c = 0; c < 13; c++) {
      total += sheet[c]!;
      if (c < 6) upper += sheet[c]!;
    }
    points += total + (upper >= 63 ? 35 : 0);
  }
  return { moves, points };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const games = Number(process.argv[2] ?? 2_000_000);
  const started = performance.now();
  const { moves, points } = floorLoop(games);
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ gamesPerSecond: Math.round(games / seconds), movesPerGame: moves / games, pointsPerGame: points / games, seconds }));
}
