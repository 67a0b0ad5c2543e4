import { expect, test } from 'vitest';
import { counted } from '../src/core/counted.js';

test('a count agrees with its noun', () => {
  expect([0, 1, 2].map((n) => counted(n, 'credit'))).toEqual(['0 credits', '1 credit', '2 credits']);
  expect(counted(1, 'rehearsal chip')).toBe('1 rehearsal chip');
  expect(counted(3, 'die', 'dice')).toBe('3 dice');
});
