import { describe, expect, it } from 'vitest';
import type { PublicSetup } from '../../src/core/game.js';
import { Sfc32 } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import type { ClueConfig } from '../../src/games/clue/config.js';
import { clueGame } from '../../src/games/clue/game.js';
import type { ClueState } from '../../src/games/clue/state.js';
import type { ClueView } from '../../src/games/clue/view.js';
import { solveNotebook } from '../../src/notebook/solve-notebook.js';
import { inputFromNotebook } from '../deduction/notebook-input.js';
import { seededPlay, varied } from '../support/seeded-play.js';

/**
 * The bar of exact sampling: with fixed seeds, one notebook per variant at 3, 4, 5 and 6 players,
 * 20 000 states drawn by Clue's `sampleState`; every card-owner frequency lies within 5 standard
 * errors of the probability `solveNotebook` gives for that notebook, and is exactly 0 or 1 where
 * that probability is.
 */
const SAMPLES = 20_000;
const SEAT = 0;

/** Played far enough for refutations, passes and a wrong accusation or two, but not to the end. */
const STEPS: Record<string, number> = { classic: 160, clueless: 120, cluedo: 160 };

const cases = (['classic', 'clueless', 'cluedo'] as const).flatMap((variant) => [3, 4, 5, 6].map((players) => ({ variant, players })));

describe('Clue sampleState draws every deal consistent with a notebook with its exact probability', () => {
  const observed = { suggestions: 0, accusations: 0 };
  it.each(cases)('$variant with $players players', ({ variant, players }) => {
    const played = seededPlay(clueGame, { variant, players, seed: `exact-${variant}-${players}`, steps: STEPS[variant]!, seat: SEAT, pick: varied });
    const view = played.view as ClueView;
    expect(view.phase).not.toBe('over');
    const names = generatedSeatNames(players);
    const result = solveNotebook(inputFromNotebook(variant, names, SEAT, view.notebook));
    if (!result.consistent) throw new Error(result.message);
    observed.suggestions += view.notebook.filter((e) => e.type === 'suggested').length;
    observed.accusations += view.notebook.filter((e) => e.type === 'accused').length;
    const owners = [...names, 'caseFile'];
    const tally = new Map<string, number>();
    const rng = new Sfc32(players, variant.length, 7, 11);
    for (let s = 0; s < SAMPLES; s++) {
      const state: ClueState = clueGame.sampleState!(played.info as PublicSetup<ClueConfig>, SEAT, view, played.seen, rng);
      state.hands.forEach((hand, seat) => hand.forEach((card) => tally.set(`${card}|${names[seat]}`, (tally.get(`${card}|${names[seat]}`) ?? 0) + 1)));
      for (const card of [state.caseFile.suspect, state.caseFile.weapon, state.caseFile.room]) tally.set(`${card}|caseFile`, (tally.get(`${card}|caseFile`) ?? 0) + 1);
    }
    const wrong: string[] = [];
    let open = 0;
    for (const [card, byOwner] of Object.entries(result.cards)) {
      for (const owner of owners) {
        const p = byOwner[owner]!.p;
        const f = (tally.get(`${card}|${owner}`) ?? 0) / SAMPLES;
        if (p === 0 || p === 1) {
          if (f !== p) wrong.push(`${card} / ${owner}: frequency ${f}, probability exactly ${p}`);
          continue;
        }
        open++;
        if (Math.abs(f - p) > 5 * Math.sqrt((p * (1 - p)) / SAMPLES)) wrong.push(`${card} / ${owner}: frequency ${f}, probability ${p}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(open).toBeGreaterThan(0);
  });

  it('met suggestions and wrong accusations in those notebooks', () => {
    expect(observed.suggestions).toBeGreaterThan(12);
    expect(observed.accusations).toBeGreaterThan(0);
  });
});
