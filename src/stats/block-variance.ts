/**
 * The spread of the ladder's estimating equations between blocks, from integer sums a tally can
 * merge exactly: the "meat" J of the sandwich covariance H^-1 J H^-1 of the pairwise Bradley-Terry
 * fit (a composite likelihood: every pair of seats in a game is one comparison, and the comparisons
 * of a game, and of a duplicate block's games, are not independent of each other).
 *
 * Per block: g its games with an outcome, L its lineup (every game of a block seats all of L), and
 * w[a] entrant a's pairwise points in it, 2 per opponent it finished ahead of and 1 per tie (twice
 * its pairwise wins). Entrant a's score in the block at strengths p is
 *   u[a] = w[a] / 2 - g * sum_{c in L, c != a} p[a] / (p[a] + p[c])
 * so sum over blocks of u u^T expands into three sums of integers, none depending on p:
 * - points     [a*E + b, a <= b]:        sum w[a] w[b];
 * - pointMeets [(a*E + b)*E + c, b < c]: sum w[a] g, over blocks with b and c in L;
 * - meets      [setKey(S), S of 2-4]:    sum g^2, over blocks with every entrant of S in L.
 * Each is a sparse list of [key, sum] in key order. For E entrants at most E(E+1)/2, E*C(E,2) and
 * C(E,2) + C(E,3) + C(E,4) keys: 465, 13 050 and 31 900 for 30 entrants, whatever the games.
 */
export interface BlockSums {
  /** Blocks with at least one outcome: the clusters of the sandwich. */
  readonly blocks: number;
  readonly points: readonly (readonly [number, number])[];
  readonly pointMeets: readonly (readonly [number, number])[];
  readonly meets: readonly (readonly [number, number])[];
}

/** The key of a set of distinct entrants (up to 4) among E: its members, ascending, as digits 1..E in base E + 1. */
export function setKey(members: readonly number[], entrants: number): number {
  let key = 0;
  for (const m of members) key = key * (entrants + 1) + m + 1;
  return key;
}

/** The members of a set from its key (`setKey`), in any order. */
function membersOf(key: number, entrants: number): number[] {
  const members: number[] = [];
  for (let rest = key; rest > 0; rest = Math.floor(rest / (entrants + 1))) members.push((rest % (entrants + 1)) - 1);
  return members;
}

/**
 * Adds one block's sums into `points`, `pointMeets` and `meets` (maps from key to sum): `lineup`
 * its entrants ascending, `w[a]` their pairwise points, `games` its games with an outcome.
 */
export function addBlockSums(
  entrants: number,
  lineup: readonly number[],
  w: readonly number[],
  games: number,
  sums: { points: Map<number, number>; pointMeets: Map<number, number>; meets: Map<number, number> },
): void {
  const E = entrants;
  const n = lineup.length;
  const add = (map: Map<number, number>, key: number, value: number): void => {
    map.set(key, (map.get(key) ?? 0) + value);
  };
  lineup.forEach((a, i) => {
    for (const b of lineup.slice(i)) add(sums.points, a * E + b, w[a]! * w[b]!);
    if (w[a] === 0) return;
    lineup.forEach((b, j) => {
      for (const c of lineup.slice(j + 1)) add(sums.pointMeets, (a * E + b) * E + c, w[a]! * games);
    });
  });
  const g2 = games * games;
  const set: number[] = [];
  // Every subset of 2 to 4 of the lineup, its members ascending.
  const subsets = (from: number): void => {
    lineup.slice(from).forEach((a, i) => {
      set.push(a);
      if (set.length >= 2) add(sums.meets, setKey(set, E), g2);
      if (set.length < 4) subsets(from + i + 1);
      set.pop();
    });
  };
  subsets(0);
}

/**
 * J = sum over blocks of u u^T at strengths `p` (E x E, row-major), from the sums. The expansion
 * subtracts large sums from each other, which is exact in the integers and accurate in doubles for
 * any tournament: each sum is below 2^53.
 */
export function blockScoreSpread(entrants: number, sums: BlockSums, p: ArrayLike<number>): Float64Array {
  const E = entrants;
  const sigma = (a: number, c: number): number => p[a]! / (p[a]! + p[c]!);
  const j = new Float64Array(E * E);
  for (const [key, value] of sums.points) {
    const a = Math.floor(key / E);
    const b = key % E;
    j[a * E + b] = j[a * E + b]! + value / 4;
    if (a !== b) j[b * E + a] = j[b * E + a]! + value / 4;
  }
  // - sum w[a] g mu[b] / 2 and its transpose, mu[b] = sum_{c in L, c != b} sigma(b, c).
  for (const [key, value] of sums.pointMeets) {
    const a = Math.floor(key / (E * E));
    const b = Math.floor(key / E) % E;
    const c = key % E;
    for (const [x, y] of [[b, c], [c, b]] as const) {
      const cross = (value / 2) * sigma(x, y);
      j[a * E + x] = j[a * E + x]! - cross;
      j[x * E + a] = j[x * E + a]! - cross;
    }
  }
  // + sum g^2 mu[a] mu[b]: over c != a and d != b, sigma(a, c) sigma(b, d) times the blocks holding
  // {a, b, c, d}; each stored set S gives the terms whose four entrants make up exactly S.
  for (const [key, value] of sums.meets) {
    const members = membersOf(key, E);
    const all = (1 << members.length) - 1;
    members.forEach((ma, a) => {
      members.forEach((mc, c) => {
        if (c === a) return;
        const ac = value * sigma(ma, mc);
        members.forEach((mb, b) => {
          members.forEach((md, d) => {
            if (d === b || ((1 << a) | (1 << b) | (1 << c) | (1 << d)) !== all) return;
            j[ma * E + mb] = j[ma * E + mb]! + ac * sigma(mb, md);
          });
        });
      });
    });
  }
  return j;
}
