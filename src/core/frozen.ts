/**
 * `value` as a deeply frozen plain JSON value: frozen objects and arrays are taken as they are
 * (frozen all the way down, like Yahtzee's actions), anything else is copied and frozen, so writing
 * into the result throws in strict code and never reaches `value`.
 */
export function frozenCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy)) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = frozenCopy((value as Record<string, unknown>)[key]);
  return Object.freeze(copy) as T;
}
