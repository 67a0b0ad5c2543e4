/**
 * The tiers of a field: a and b share a tier when each finished ahead of (or tied with) the other,
 * directly or through other entrants; the strongly connected parts of the "finished ahead or tied"
 * graph. Bradley-Terry's maximum-likelihood ratings exist exactly when the whole field is one tier
 * (Ford 1957); between two tiers every game went one way, so the games bound the gap on one side only.
 */
export interface Tiers {
  /** Entrants of each tier (ascending), tiers listed so that one reaching another comes first. */
  readonly members: readonly (readonly number[])[];
  /** tierOf[a]: the index in `members` of a's tier. */
  readonly tierOf: readonly number[];
  /** Whether some member of tier x finished ahead of someone from whom tier y is reached. */
  reaches(x: number, y: number): boolean;
}

/**
 * `ahead` and `tied` are the n x n pairwise counts of `fitBradleyTerry`. Tiers that neither reach
 * the other are listed by `strength` (the mean over their members, strongest first), then by their
 * first entrant, so the listing depends on the counts alone.
 */
export function comparisonTiers(n: number, ahead: ArrayLike<number>, tied: ArrayLike<number>, strength: ArrayLike<number>): Tiers {
  const entrants = Array.from({ length: n }, (_, a) => a);
  const reach = new Uint8Array(n * n);
  for (const a of entrants) {
    reach[a * n + a] = 1;
    for (const b of entrants) if (ahead[a * n + b]! > 0 || tied[a * n + b]! > 0) reach[a * n + b] = 1;
  }
  for (const k of entrants) {
    for (const a of entrants) {
      if (reach[a * n + k] === 0) continue;
      for (const b of entrants) if (reach[k * n + b] === 1) reach[a * n + b] = 1;
    }
  }

  const groups: number[][] = [];
  const grouped = new Set<number>();
  for (const a of entrants) {
    if (grouped.has(a)) continue;
    // An entrant before a that shares its tier would have grouped a already: the group starts at a.
    const group = entrants.filter((b) => reach[a * n + b] === 1 && reach[b * n + a] === 1);
    for (const b of group) grouped.add(b);
    groups.push(group);
  }

  // A tier reached from another has strictly more entrants reaching it, so ordering by that count
  // lists every tier after the tiers that reach it.
  const reachedBy = (group: readonly number[]): number => entrants.reduce((count, c) => count + reach[c * n + group[0]!]!, 0);
  const meanStrength = (group: readonly number[]): number => group.reduce((sum, a) => sum + strength[a]!, 0) / group.length;
  // A stable sort of groups made in order of their first entrant: ties stay in that order.
  const members = [...groups].sort((x, y) => reachedBy(x) - reachedBy(y) || meanStrength(y) - meanStrength(x));
  const tierOf = entrants.map((a) => members.findIndex((group) => group.includes(a)));
  return {
    members,
    tierOf,
    reaches: (x, y) => reach[members[x]![0]! * n + members[y]![0]!] === 1,
  };
}
