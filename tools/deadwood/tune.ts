import { pathToFileURL } from 'node:url';
import { DEFAULT_TUNING, plannerWith, type PlannerTuning } from '../../bots/deadwood/planner.js';
import { deadwoodBots, playRotations } from './rotations.js';

/**
 * How often the planner finishes ahead of greedy (a tie counting half) with one tuning knob changed
 * at a time, the other entrants as given; lineup's first two entrants must be planner and greedy.
 *
 *   node dist/tools/deadwood/tune.js planner,greedy,random 900 '{"freeRate":[0.9,1.5],"tripRanks":[3]}' [seed]
 */
export function aheadOfGreedy(tuning: PlannerTuning, names: readonly string[], games: number, seed: string): number {
  if (names[0] !== 'planner' || names[1] !== 'greedy') throw new Error('the lineup must start with planner,greedy');
  const lineup = [plannerWith(tuning), ...deadwoodBots(names.slice(1))];
  let ahead = 0;
  playRotations(lineup, games, seed, (outcome, _, entrantAt) => {
    const seatOf = (entrant: number): number => outcome.rank.findIndex((__, seat) => entrantAt(seat) === entrant);
    const [planner, greedy] = [outcome.rank[seatOf(0)]!, outcome.rank[seatOf(1)]!];
    ahead += planner < greedy ? 1 : planner === greedy ? 0.5 : 0;
  });
  return ahead / games;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [list = 'planner,greedy,random', games = '900', changes = '{}', seed = 'tune'] = process.argv.slice(2);
  const names = list.split(',');
  const trials: [string, PlannerTuning][] = [['as tuned', DEFAULT_TUNING]];
  for (const [knob, values] of Object.entries(JSON.parse(changes) as Record<string, number[]>)) {
    if (!(knob in DEFAULT_TUNING)) throw new Error(`no tuning knob "${knob}": the knobs are ${Object.keys(DEFAULT_TUNING).join(', ')}`);
    for (const value of values) trials.push([`${knob} ${value}`, { ...DEFAULT_TUNING, [knob]: value }]);
  }
  for (const [label, tuning] of trials) console.log(`${label.padEnd(20)} ${(100 * aheadOfGreedy(tuning, names, Number(games), seed)).toFixed(1)}% ahead of greedy`);
}
