/**
 * The exact counter and the sampled deal on observation logs of other shapes than engine games
 * (issue 17): seeded 6-player logs of up to 40 suggestions over a random deal, most refutations
 * showing a card the seat did not see (it learns only that the refuter holds one of the three),
 * and wrong accusations (bench/synthetic-clue-logs.ts). At every observation of every log, two
 * calls are timed, each from the facts so far:
 * - count: a new knowledge of every fact, counted (what `solveNotebook` does after validating);
 * - sample: a new knowledge of every fact, and one deal drawn from it (what Clue's `sampleState`
 *   does for a notebook it has not met, before replaying the public game).
 * Prints p50 / p90 / p99 / max / mean wall-clock µs per call and the CPU percentiles, and how many
 * logs held a wrong accusation. The calls are timed in `--passes` passes after a warm-up one; each
 * percentile is the median of the passes'.
 * Run: node dist/bench/clue-long-logs.js [--logs 300] [--suggestions 40] [--variant classic] [--passes 9] [--json]
 */
import { Sfc32 } from '../src/core/rng.js';
import type { Fact } from '../src/deduction/facts.js';
import { Knowledge } from '../src/deduction/knowledge.js';
import type { ClueVariantId } from '../src/games/clue/cards.js';
import { deckOf, layoutOf } from '../src/games/clue/deck.js';
import { hasFlag, numberOption, textOption } from './args.js';
import { passPercentiles, percentilesLine, timeCall, type CallTimes } from './call-times.js';
import { observedFacts, randomDeal } from './synthetic-clue-logs.js';

const logs = numberOption('logs', 300);
const suggestions = numberOption('suggestions', 40);
const variant = textOption('variant', 'classic') as ClueVariantId;
const passes = numberOption('passes', 9);
const json = hasFlag('json');
const PLAYERS = 6;

const deck = deckOf(variant);
const layout = layoutOf(deck, Array.from({ length: PLAYERS }, () => (deck.names.length - 3) / PLAYERS));
const rng = new Sfc32(17, 40, 6, 1);
const generated: Fact[][] = [];
for (let i = 0; i < logs; i++) generated.push(observedFacts(layout, randomDeal(layout, rng), i % PLAYERS, suggestions, rng));

function knowledgeOf(facts: readonly Fact[]): Knowledge {
  const k = new Knowledge(layout);
  for (const fact of facts) k.add(fact);
  return k;
}

/** Every prefix of every log that ends in a new fact about the deal, as the notebook sees them. */
function run(count: CallTimes | null, sample: CallTimes | null): void {
  const draws = new Sfc32(1, 2, 3, 4);
  for (const facts of generated) {
    for (let n = 1; n <= facts.length; n++) {
      const prefix = facts.slice(0, n);
      timeCall(count, () => knowledgeOf(prefix).solve());
      timeCall(sample, () => knowledgeOf(prefix).sample(draws));
    }
  }
}

run(null, null);
const count = Array.from({ length: passes }, (): CallTimes => ({ wall: [], cpu: [] }));
const sample = Array.from({ length: passes }, (): CallTimes => ({ wall: [], cpu: [] }));
for (let pass = 0; pass < passes; pass++) run(count[pass]!, sample[pass]!);
const accused = generated.filter((facts) => facts.some((f) => f.kind === 'notCaseFile')).length;
const rows = { count: { calls: count[0]!.wall.length, ...passPercentiles(count) }, sample: { calls: sample[0]!.wall.length, ...passPercentiles(sample) } };
if (json) process.stdout.write(`${JSON.stringify({ variant, players: PLAYERS, logs, suggestions, accused, rows })}\n`);
else {
  process.stdout.write(
    `clue long logs, ${variant}, ${PLAYERS} players, ${logs} generated logs of ${suggestions} suggestions (${accused} with wrong accusations), µs per call, median of ${passes} passes (p50 and p99 range over them)\n`,
  );
  for (const [name, r] of Object.entries(rows)) process.stdout.write(`${name}: ${r.calls} calls  ${percentilesLine(r)}\n`);
}
