import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { PublicSetup } from '../../src/core/game.js';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import { SCENES } from '../../src/games/deadwood/data.js';
import { deadwood } from '../../src/games/deadwood/game.js';
import type { DeadwoodConfig } from '../../src/games/deadwood/setup.js';
import type { DeadwoodView } from '../../src/games/deadwood/view.js';
import { seededPlay } from '../support/seeded-play.js';

describe('Deadwood information sets', () => {
  it('draws the face-down scenes and the deck uniformly from the cards the seat has not seen, and nothing else', () => {
    // Far enough into day 1 that some scenes are face up and some wrapped.
    const { info, state, seen, view } = seededPlay(deadwood, { players: 3, seed: 'deadwood-information', steps: 150, seat: 1 });
    const faceUp = new Set(seen.flatMap((event) => (event.type === 'revealed' ? [event['scene'] as number] : [])));
    const faceDown = state.sets.flatMap((set, i) => (set.scene !== null && !set.revealed ? [i] : []));
    expect(faceUp.size).toBeGreaterThan(0);
    expect(faceDown.length).toBeGreaterThan(1);
    const unseen = SCENES.map((card) => card.id).filter((id) => !faceUp.has(id));
    const first = faceDown[0]!;
    const counts = new Map<number, number>();
    const bottom = new Map<number, number>();
    const sampler = new GameStreams(seedKey('sampler'), 0).stream('sample');
    const samples = 8000;
    const wrong: string[] = [];
    for (let k = 0; k < samples; k++) {
      const sampled = deadwood.sampleState!(info as PublicSetup<DeadwoodConfig>, 1, view as DeadwoodView, seen, sampler);
      const hidden = [...faceDown.map((i) => sampled.sets[i]!.scene!), ...sampled.deck];
      // Plain checks: an expect per sample is most of the test's time.
      if (new Set(hidden).size !== hidden.length) wrong.push(`sample ${k} holds a card twice`);
      if (hidden.some((id) => faceUp.has(id))) wrong.push(`sample ${k} hides a card the seat saw`);
      sampled.sets.forEach((set, i) => {
        if (!faceDown.includes(i) && !isDeepStrictEqual(set, state.sets[i])) wrong.push(`sample ${k} changes set ${i}`);
      });
      counts.set(sampled.sets[first]!.scene!, (counts.get(sampled.sets[first]!.scene!) ?? 0) + 1);
      const last = sampled.deck[sampled.deck.length - 1]!;
      bottom.set(last, (bottom.get(last) ?? 0) + 1);
    }
    expect(wrong).toEqual([]);
    // Each unseen card lies on the first face-down set, and at the bottom of the deck, with probability 1/|unseen|.
    const p = 1 / unseen.length;
    const within = 5 * Math.sqrt((p * (1 - p)) / samples);
    for (const tally of [counts, bottom]) {
      for (const id of unseen) expect(Math.abs((tally.get(id) ?? 0) / samples - p)).toBeLessThan(within);
      expect([...tally.keys()].every((id) => unseen.includes(id))).toBe(true);
    }
  });
});
