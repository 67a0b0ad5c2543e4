import { describe, expect, test } from 'vitest';
import { chosenLegal, isOffered, pick } from '../src/core/bot.js';

const legal = [{ type: 'a' }, { type: 'b' }, { type: 'c' }];

describe("a bot's choice, checked against the legal actions", () => {
  test('pick returns the action at a position, which is then confirmed as offered', () => {
    expect(pick(legal, 2)).toBe(legal[2]);
    expect(isOffered(legal[2], legal)).toBe(true);
  });

  test('an action not where pick noted it is still found by a search', () => {
    pick(legal, 0);
    expect(isOffered(legal[1], legal)).toBe(true);
  });

  test('a noted position outside the list, or a choice that is not in it, is never taken for legal', () => {
    pick(legal, 5);
    expect(isOffered(undefined, legal)).toBe(false);
    pick(legal, -1);
    expect(isOffered(undefined, legal)).toBe(false);
    pick(legal, 1);
    expect(isOffered({ type: 'b' }, legal)).toBe(false);
    expect(isOffered(legal[1], [legal[0]!])).toBe(false);
  });

  test('chosenLegal accepts the same object or one equal as JSON in any key order, and nothing else', () => {
    pick(legal, 0);
    expect(chosenLegal(legal[2], legal)).toBe(legal[2]);
    expect(chosenLegal({ type: 'b' }, legal)).toBe(legal[1]);
    expect(chosenLegal({ type: 'd' }, legal)).toBeNull();
    const scores = [{ type: 'score', category: 'chance', score: 21 }];
    expect(chosenLegal({ score: 21, category: 'chance', type: 'score' }, scores)).toBe(scores[0]);
    expect(chosenLegal({ score: 20, category: 'chance', type: 'score' }, scores)).toBeNull();
    expect(chosenLegal({ type: 'score', category: 'chance', score: 21, extra: 1 }, scores)).toBeNull();
    expect(chosenLegal(null, legal)).toBeNull();
  });
});
