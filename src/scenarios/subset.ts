/**
 * Where `actual` differs from the `expected` subset, as a path and both values, or null when every
 * field `expected` names is equal in `actual`. Arrays must match element by element and in length.
 */
export function subsetMismatch(expected: unknown, actual: unknown, path = '$'): string | null {
  if (expected === null || typeof expected !== 'object') {
    return Object.is(expected, actual) ? null : `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${JSON.stringify(actual)}`;
    if (actual.length !== expected.length) {
      return `${path}: expected ${expected.length} items, got ${actual.length}: ${JSON.stringify(actual)}`;
    }
    for (let i = 0; i < expected.length; i++) {
      const m = subsetMismatch(expected[i], actual[i], `${path}[${i}]`);
      if (m !== null) return m;
    }
    return null;
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
    return `${path}: expected an object, got ${JSON.stringify(actual)}`;
  }
  for (const [key, value] of Object.entries(expected)) {
    const m = subsetMismatch(value, (actual as Record<string, unknown>)[key], `${path}.${key}`);
    if (m !== null) return m;
  }
  return null;
}
