/**
 * Each entrant's mean score with its 95% interval (normal, from the games' standard deviation), read
 * from the summary.json of finished runs: what a one-player game's strength is judged by.
 * Run: node dist/bench/mean-scores.js results/docs/<run> [...]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Z95 } from '../src/stats/wilson.js';

interface EntrantScores {
  readonly bot: string;
  readonly games: number;
  readonly meanScore: number;
  readonly sdScore: number;
}

for (const dir of process.argv.slice(2)) {
  const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { entrants: readonly EntrantScores[] };
  for (const e of summary.entrants) {
    const half = (Z95 * e.sdScore) / Math.sqrt(e.games);
    console.log(`${e.bot}: mean score ${e.meanScore.toFixed(1)}, 95% interval ${(e.meanScore - half).toFixed(1)}–${(e.meanScore + half).toFixed(1)} (${e.games} games, sd ${e.sdScore.toFixed(1)})`);
  }
}
