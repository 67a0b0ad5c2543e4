/**
 * The inner loops of a turn over the 462 keep values of one state, generated once at load from
 * the dice lattice and the score table.
 *
 * The two big ones (a keep's value from the six keeps with one die more; a keep's best sub-keep
 * from the keeps with one die less) are written out as straight-line JavaScript with constant
 * indices. Why: V8's optimising compiler does no loop-invariant code motion, so a loop driven by
 * index tables re-checks its arrays, reloads their data pointers and bounds-checks every index it
 * reads, at every step (measured: 2.4 times the instructions of the same work written out).
 *
 * Why every kernel works on one array, SCRATCH, that it closes over instead of taking it as an
 * argument: a function created once from its source is compiled against its own closure, so V8
 * folds the array into a constant address and its length into a constant, and an access with a
 * constant index is then one load, with no map check and no bounds check, like scalar C (measured:
 * 29% less time per state than the same kernels taking the array as an argument). The code is
 * smaller, so it also compiles faster.
 *
 * The pieces are kept small (CHUNK statements each) because V8's compile time grows faster than
 * linearly with the size of a function, and the build runs unoptimised code until they compile.
 */
import { CATEGORIES } from '../scoring.js';
import { ADD_DIE, DICE, FACES, KEEP_SIZE, KEEPS, keepFaceCounts, ROLL_PROBABILITY, ROLLS, SUB_KEEPS, SUB_START } from './dice.js';
import { SCORE } from './score-table.js';

/** Where the kernels' inputs sit in SCRATCH, after the keep values: see SCRATCH. */
export const UPPER_AT = KEEPS;
export const LOWER_AT = UPPER_AT + FACES * (DICE + 1);
export const FLOOR_AT = LOWER_AT + CATEGORIES.length;
const EXPECTATION_AT = FLOOR_AT + 1;

/**
 * One array per thread, which every kernel reads and writes (whoever calls them copies out what it
 * needs before the next call): the keep values of the stage being solved, indexed by keep, then
 * the inputs of the final-roll kernels, kept here rather than passed as arguments because a double
 * passed to a function that is not inlined is boxed (a heap allocation per argument):
 * SCRATCH[UPPER_AT + (f - 1) * 6 + n] the value of scoring n dice of face f, SCRATCH[LOWER_AT + c]
 * the value of the card after scoring in lower category c, SCRATCH[FLOOR_AT] the best scratch;
 * then SCRATCH[EXPECTATION_AT], the sum bestSubKeeps leaves for rollExpectation.
 */
export const SCRATCH = new Float64Array(EXPECTATION_AT + 1);

type Kernel = () => void;

/** Statements per generated piece. */
const CHUNK = 48;

/**
 * A kernel named for profiles, closing over SCRATCH as `v` and over `constants` (arrays, other
 * kernels) by their names; numbers only go into the source.
 */
function compile(name: string, body: string, constants: Record<string, unknown> = {}): unknown {
  const names = Object.keys(constants);
  const source = `return function ${name}() {\n"use strict";\n${body}\n};`;
  return new Function('v', ...names, source)(SCRATCH, ...names.map((n) => constants[n]));
}

/** The straight-line pieces, for warmKernels. */
const PIECES: Array<(warm: number) => void> = [];

/** Cheap statements (a wide constant into a local) whose bytecode V8 counts towards optimising. */
const FILLER = Array.from({ length: 64 }, (_, i) => `w = ${100000 + i};`).join(' ');

/**
 * `statements` run in order, compiled in pieces of CHUNK, each piece starting with `enter` and
 * ending with `leave`; the kernel runs `first`, then the pieces, called directly (a call through
 * an array of different functions costs as much as a small piece). A piece called with warm > 0
 * runs FILLER `warm` times instead (see warmKernels).
 */
function pieces(name: string, statements: readonly string[], { enter = '', leave = '', first = '' } = {}): Kernel {
  const parts: Record<string, unknown> = {};
  for (let i = 0; i < statements.length; i += CHUNK) {
    const warm = `if (warm > 0) {\nlet w = 0;\nfor (let i = 0; i < warm; i++) { ${FILLER} }\nreturn;\n}`;
    const source = `return function ${name}_${i}(warm) {\n"use strict";\n${warm}\n${enter}\n${statements.slice(i, i + CHUNK).join('\n')}\n${leave}\n};`;
    const piece = new Function('v', source)(SCRATCH) as (warm: number) => void;
    PIECES.push(piece);
    parts[`${name}_${i}`] = piece;
  }
  return compile(name, `${first}\n${Object.keys(parts).map((part) => `${part}(0);`).join('\n')}`, parts) as Kernel;
}

/** The keeps of each size, in keep order. */
function keepsOfSize(size: number): number[] {
  return Array.from({ length: KEEPS }, (_, k) => k).filter((k) => KEEP_SIZE[k] === size);
}

/**
 * Each keep smaller than five dice becomes the average of the six keeps with one more die: sizes 4
 * down to 0, each keep after every keep with one die more.
 */
export const addDieChain = pieces(
  'chain',
  [4, 3, 2, 1, 0].flatMap(keepsOfSize).map((k) => {
    const terms = Array.from({ length: FACES }, (_, f) => `v[${ADD_DIE[k * FACES + f]}]`);
    return `v[${k}] = (${terms.join(' + ')}) * ${1 / FACES};`;
  }),
);

/**
 * In place, from the smallest keeps up: each keep's value becomes the value of its best sub-keep
 * (itself included), since every smaller keep lies within one of its one-die-smaller keeps. On the
 * way, the rolls' new values are summed by their probabilities for rollExpectation: rolls come
 * last, in roll order, so this is the same sum as a loop over them afterwards, while it overlaps
 * the additions, whose latency a loop of its own would wait on.
 */
export const bestSubKeeps = pieces(
  'best',
  [1, 2, 3, 4, 5].flatMap(keepsOfSize).map((k) => {
    let line = `m = v[${k}];`;
    for (let s = SUB_START[k]!; s < SUB_START[k + 1]!; s++) line += ` x = v[${SUB_KEEPS[s]}]; if (x > m) m = x;`;
    return `${line} v[${k}] = m;${k < ROLLS ? ` sum += ${ROLL_PROBABILITY[k]} * m;` : ''}`;
  }),
  { enter: `let m, x, sum = v[${EXPECTATION_AT}];`, leave: `v[${EXPECTATION_AT}] = sum;`, first: `v[${EXPECTATION_AT}] = 0;` },
);

/** After bestSubKeeps: the expectation of the rolls' values over a fresh roll of five dice. */
export function rollExpectation(): number {
  return SCRATCH[EXPECTATION_AT]!;
}

/*
 * The kernels below are loops over constant arrays instead: each runs less often than the two
 * above, and V8 optimises a loop within a few calls but a straight-line function only after ~450
 * unoptimised calls (it counts the bytecode run against the function's length). With the arrays
 * constant, the optimised loops load no data pointers; they still check each index against a
 * constant length. (Measured: written out, these kernels took 8% less time per state, but even
 * warmed like the pieces they cost as much again in compilation and start-up.)
 */

/** Every final roll's value starts at the best scratch, which any roll can score. */
export const fillRolls = compile('fillRolls', `const x = v[${FLOOR_AT}];\nfor (let r = 0; r < ${ROLLS}; r++) v[r] = x;`) as Kernel;

/** `for` over rolls[from .. to) raising v[roll] to `value`. */
function raise(from: number, to: number, value: string): string {
  return `for (let i = ${from}; i < ${to}; i++) { const r = rolls[i]; if (${value} > v[r]) v[r] = ${value}; }`;
}

/**
 * LOWER[c - 6]() for a lower category c (the six upper ones come first): raises each final roll's
 * value to (points of c) + e, e = SCRATCH[LOWER_AT + c], where that is better. Rolls come by
 * points, most first, so once (points + e) cannot beat the floor (the best scratch, which every
 * roll's value already reaches) the rest cannot either.
 */
export const LOWER: readonly Kernel[] = CATEGORIES.slice(FACES).map((name, i) => {
  const at = (r: number) => SCORE[r * CATEGORIES.length + FACES + i]!;
  const rolls = Array.from({ length: ROLLS }, (_, r) => r)
    .filter((r) => at(r) > 0)
    .sort((a, b) => at(b) - at(a) || a - b);
  const lines: string[] = [];
  for (let from = 0, to = 0; from < rolls.length; from = to) {
    while (to < rolls.length && at(rolls[to]!) === at(rolls[from]!)) to++;
    lines.push(`x = ${at(rolls[from]!)} + e; if (x <= floor) return;`, raise(from, to, 'x'));
  }
  const body = `const e = v[${LOWER_AT + FACES + i}], floor = v[${FLOOR_AT}];\nlet x;\n${lines.join('\n')}`;
  return compile(`lower_${name}`, body, { rolls: Uint8Array.from(rolls) }) as Kernel;
});

/**
 * UPPER[f - 1](): raises each final roll with exactly n dice of face f (n = 1..5) to u, the value
 * of scoring them (SCRATCH[UPPER_AT + (f - 1) * 6 + n]), where that is better; a u not above the
 * floor (which every roll's value already reaches) is skipped whole.
 */
export const UPPER: readonly Kernel[] = Array.from({ length: FACES }, (_, i) => {
  const rolls: number[] = [];
  const lines: string[] = [];
  for (let n = 1; n <= DICE; n++) {
    const from = rolls.length;
    for (let r = 0; r < ROLLS; r++) if (keepFaceCounts(r)[i + 1] === n) rolls.push(r);
    lines.push(`u = v[${UPPER_AT + i * (DICE + 1) + n}];`, `if (u > floor) ${raise(from, rolls.length, 'u')}`);
  }
  const body = `const floor = v[${FLOOR_AT}];\nlet u;\n${lines.join('\n')}`;
  return compile(`upper_${i + 1}`, body, { rolls: Uint8Array.from(rolls) }) as Kernel;
});

let warmed = false;

/**
 * Gets this thread's straight-line pieces optimised before the build needs them. V8 optimises a
 * function once it has run enough of its own bytecode: (3 + length / 150) x 66 KB of it (V8 11,
 * Node 20), so a big straight-line piece would first run ~450 times unoptimised, over a hundred
 * times slower, which was a tenth of the build. Each piece instead runs its FILLER loop, which
 * counts the same at a sixth of the cost: first a little (V8 gives a function somewhere to record
 * types only after it has run a while), then its real body once on values that are not whole
 * numbers (so that it records doubles, not small integers), then enough to be optimised; V8 then
 * compiles the pieces on its background threads while the build starts.
 */
export function warmKernels(): void {
  if (warmed) return;
  warmed = true;
  for (const piece of PIECES) piece(300);
  SCRATCH.fill(0.5);
  addDieChain();
  bestSubKeeps();
  for (let round = 0; round < 8; round++) for (const piece of PIECES) piece(1000);
}
