const items = (n: number): string => `${n} item${n === 1 ? '' : 's'}`;

/**
 * Where `actual` differs from `expected`, as a path and both values (`.refuter: expected 1, got 2`),
 * or null when they agree. Arrays must match element by element and in length. With `subset`, only
 * the fields `expected` names count (a fixture names the few it checks); without it a field only
 * `actual` has differs too (an event made now against the one a record holds).
 */
export function jsonDifference(expected: unknown, actual: unknown, path = '$', subset = true): string | null {
  const at = path === '' ? '' : `${path}: `;
  if (expected === null || typeof expected !== 'object') {
    return Object.is(expected, actual) ? null : `${at}expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${at}expected an array, got ${JSON.stringify(actual)}`;
    if (actual.length !== expected.length) {
      return `${at}expected ${items(expected.length)}, got ${items(actual.length)}: ${JSON.stringify(expected)} against ${JSON.stringify(actual)}`;
    }
    for (let i = 0; i < expected.length; i++) {
      const m = jsonDifference(expected[i], actual[i], `${path}[${i}]`, subset);
      if (m !== null) return m;
    }
    return null;
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
    return `${at}expected an object, got ${JSON.stringify(actual)}`;
  }
  for (const [key, value] of Object.entries(expected)) {
    const m = jsonDifference(value, (actual as Record<string, unknown>)[key], `${path}.${key}`, subset);
    if (m !== null) return m;
  }
  if (subset) return null;
  const extra = Object.entries(actual).find(([key, value]) => value !== undefined && !(key in expected));
  return extra === undefined ? null : `${path}.${extra[0]}: expected nothing, got ${JSON.stringify(extra[1])}`;
}
