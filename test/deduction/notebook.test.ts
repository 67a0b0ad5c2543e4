import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventReader } from '../../src/games/clue/event-reader.js';
import { deckOf } from '../../src/games/clue/deck.js';
import { InputError } from '../../src/core/errors.js';
import { Knowledge } from '../../src/deduction/knowledge.js';
import type { NotebookInput } from '../../src/notebook/input.js';
import { solveNotebook, type NotebookResult } from '../../src/notebook/solve-notebook.js';
import { CARDS } from '../../src/games/clue/cards.js';
import { solveNotebook as fromPackage } from '../../src/index.js';
import { playClue } from '../../bench/clue-games.js';
import { inputFromNotebook } from './notebook-input.js';

const LONG = process.env.PARLOR_LONG !== undefined;

const EXAMPLE: NotebookInput = {
  variant: 'classic',
  players: ['Ann', 'Bob', 'Cid'],
  handSizes: { Ann: 6, Bob: 6, Cid: 6 },
  me: 'Ann',
  myCards: ['Knife', 'Hall', 'col. mustard', 'rope', 'Lounge', 'Study'],
  suggestions: [
    { by: 'Bob', suspect: 'Mrs. White', weapon: 'Rope', room: 'Hall', passed: ['Cid'], refutedBy: 'Ann', shown: 'Hall' },
    { by: 'Ann', suspect: 'Mrs White', weapon: 'lead pipe', room: 'Kitchen', refutedBy: 'Bob', shown: 'kitchen' },
    { by: 'Cid', suspect: 'Prof. Plum', weapon: 'Wrench', room: 'Library', refutedBy: null },
  ],
  accusations: [{ by: 'Cid', suspect: 'Mrs. Peacock', weapon: 'Gun', room: 'Ballroom', correct: false }],
};

function consistent(result: NotebookResult): Extract<NotebookResult, { consistent: true }> {
  if (!result.consistent) throw new Error(`inconsistent: ${result.message}`);
  return result;
}

describe('solveNotebook', () => {
  it('answers the documented example: canonical names, every owner, probabilities summing to 1', () => {
    const result = consistent(solveNotebook(EXAMPLE));
    expect(result.owners).toEqual(['Ann', 'Bob', 'Cid', 'caseFile']);
    expect(Object.keys(result.cards)).toEqual(CARDS.classic.all);
    expect(result.cards['Colonel Mustard']!['Ann']).toEqual({ status: 'yes', p: 1 });
    expect(result.cards['Kitchen']!['Bob']).toEqual({ status: 'yes', p: 1 });
    // Nobody refuted Plum, Wrench, Library: Ann and Bob hold none of them.
    for (const card of ['Professor Plum', 'Wrench', 'Library']) expect(result.cards[card]!['Bob']!.status).toBe('no');
    for (const card of CARDS.classic.all) {
      const total = Object.values(result.cards[card]!).reduce((sum, cell) => sum + cell.p, 0);
      expect(total).toBeCloseTo(1, 12);
    }
    expect(BigInt(result.worlds) > 0n).toBe(true);
    expect(result.solution).toBeNull();
    expect(fromPackage(EXAMPLE)).toEqual(result);
  });

  it('derives who passed from the refutation order: clockwise from the suggester, backwards in cluedo', () => {
    const base = { players: ['Ann', 'Bob', 'Cid', 'Dee'], me: 'Ann', myCards: ['Rope', 'Hall', 'Knife', 'Study', 'Lounge'] };
    // Cid suggests, Bob refutes: Dee and Ann were asked first (clockwise), so Dee holds none.
    const clockwise = consistent(solveNotebook({ ...base, suggestions: [{ by: 'Cid', suspect: 'Miss Scarlet', weapon: 'Wrench', room: 'Kitchen', refutedBy: 'Bob' }] }));
    for (const card of ['Miss Scarlet', 'Wrench', 'Kitchen']) expect(clockwise.cards[card]!['Dee']!.status).toBe('no');
    // Ann holds the Rope, so she would have refuted before Bob: a contradiction.
    const contradiction = solveNotebook({ ...base, suggestions: [{ by: 'Cid', suspect: 'Miss Scarlet', weapon: 'Rope', room: 'Kitchen', refutedBy: 'Bob' }] });
    expect(contradiction).toMatchObject({ consistent: false, worlds: '0', observation: 'suggestions[0] (Cid suggested Miss Scarlet with the Rope in the Kitchen)' });
    expect(() => solveNotebook({ ...base, variant: 'cluedo', myCards: ['Rope', 'Hall', 'Knife', 'Study', 'Lounge'], suggestions: [{ by: 'Cid', suspect: 'Miss Scarlett', weapon: 'Poison', room: 'Kitchen', refutedBy: 'Bob' }] })).toThrow(
      /suggestions\[0\]\.passed: required in cluedo/,
    );
  });

  it('names the first observation that makes the log contradict itself', () => {
    const input: NotebookInput = {
      ...EXAMPLE,
      suggestions: [...EXAMPLE.suggestions!, { by: 'Bob', suspect: 'Miss Scarlet', weapon: 'Rope', room: 'Kitchen', refutedBy: null }],
    };
    const result = solveNotebook(input);
    expect(result).toEqual({
      consistent: false,
      worlds: '0',
      owners: ['Ann', 'Bob', 'Cid', 'caseFile'],
      observation: 'suggestions[3] (Bob suggested Miss Scarlet with the Rope in the Kitchen)',
      message: 'suggestions[3] (Bob suggested Miss Scarlet with the Rope in the Kitchen) contradicts the observations before it: no deal of the cards fits them all',
    });
  });

  it('refuses bad input with one line naming the field and what is expected', () => {
    const cases: [unknown, RegExp][] = [
      [{ ...EXAMPLE, players: ['Ann', 'Bob'] }, /players: Too small/i],
      [{ ...EXAMPLE, players: ['Ann', 'Bob', 'ann'] }, /players: "ann" is listed twice/],
      [{ ...EXAMPLE, me: 'Zed' }, /me: "Zed" is not a player: expected one of Ann, Bob, Cid/],
      [{ ...EXAMPLE, myCards: ['Knife'] }, /myCards: Ann holds 6 cards, but 1 are listed/],
      [{ ...EXAMPLE, handSizes: { Ann: 6, Bob: 6, Cid: 5 } }, /handSizes: the hands hold 17 cards, but 18 are dealt/],
      [{ ...EXAMPLE, suggestions: [{ ...EXAMPLE.suggestions![0]!, weapon: 'Spoon' }] }, /suggestions\[0\]\.weapon: "Spoon" is not a weapon of classic: expected one of Rope, /],
      [{ ...EXAMPLE, suggestions: [{ ...EXAMPLE.suggestions![0]!, room: 'Rope' }] }, /suggestions\[0\]\.room: "Rope" is not a room/],
      [{ ...EXAMPLE, suggestions: [{ by: 'Bob', suspect: 'Plum', weapon: 'Rope', room: 'Hall', refutedBy: 'Cid', shown: 'Rope' }] }, /only the suggester and the refuter see the card/],
      [{ ...EXAMPLE, suggestions: [{ by: 'Ann', suspect: 'Plum', weapon: 'Rope', room: 'Hall', refutedBy: 'Cid', shown: 'Knife' }] }, /"Knife" is not one of the suggested cards/],
      [{ ...EXAMPLE, suggestions: [{ by: 'Bob', suspect: 'Plum', weapon: 'Rope', room: 'Hall', refutedBy: 'Bob' }] }, /cannot refute their own suggestion/],
      [{ ...EXAMPLE, accusations: [{ by: 'Cid', suspect: 'Plum', weapon: 'Rope', room: 'Hall' }] }, /accusations\.0\.correct/],
      [{ ...EXAMPLE, colour: 'red' }, /Unrecognized key/i],
    ];
    for (const [input, message] of cases) {
      let error: unknown;
      try {
        solveNotebook(input);
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(input)).toBeInstanceOf(InputError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('on logs written from real games: consistent, the truth never ruled out, the same as the bots read it', () => {
    const games = LONG ? 60 : 8;
    for (const variant of ['classic', 'clueless', 'cluedo'] as const) {
      for (let g = 0; g < games; g++) {
        const players = 3 + (g % 4);
        const played = playClue(variant, new Array<string>(players).fill('random'), `notebook-${variant}`, g, 120);
        const deck = deckOf(variant);
        const seat = g % players;
        const notebook = played.notebooks[seat]!;
        const result = consistent(solveNotebook(inputFromNotebook(variant, played.names, seat, notebook)));
        const truth = new Map<string, string>();
        for (const e of played.notebooks.flatMap((n, s) => n.filter((x) => x.type === 'dealt').map((x) => ({ x, s })))) {
          if (e.x.type === 'dealt') for (const card of e.x.cards) truth.set(card, played.names[e.s]!);
        }
        const reader = new EventReader(deck, seat);
        const k = new Knowledge({ categoryOf: deck.categoryOf, handSizes: played.handSizes });
        for (const e of notebook) for (const f of reader.read(e)?.facts ?? []) k.add(f);
        expect(result.worlds).toBe(String(k.worlds));
        deck.names.forEach((card, c) => {
          const owner = truth.get(card) ?? 'caseFile';
          expect(result.cards[card]![owner]!.status, `${variant} game ${g}: ${card} is ${owner}'s`).not.toBe('no');
          result.owners.forEach((o, i) => {
            expect(result.cards[card]![o]!.status).toBe(k.status(c, i));
            expect(result.cards[card]![o]!.p).toBeCloseTo(k.probability(c, i), 12);
          });
        });
      }
    }
  });
});

describe('parlor clue', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-notebook-'));
  const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'clue', ...args], { encoding: 'utf8' });

  // Each run starts a process (seconds under tsx), so each covers several points.
  it('notebook prints the grid', () => {
    const file = join(dir, 'obs.json');
    writeFileSync(file, JSON.stringify(EXAMPLE));
    const grid = cli('notebook', '--input', file);
    expect(grid.status).toBe(0);
    expect(grid.stdout).toMatch(/^\s+Ann\s+Bob\s+Cid\s+Case file$/m);
    expect(grid.stdout).toMatch(/^ {2}Colonel Mustard\s+yes\s+no\s+no\s+no$/m);
    expect(grid.stdout).toContain('Case file: not certain yet.');
  });

  it('notebook --json exits 1 with consistent: false when the observations contradict each other', () => {
    const file = join(dir, 'contradiction.json');
    writeFileSync(file, JSON.stringify({ ...EXAMPLE, suggestions: [{ by: 'Bob', suspect: 'Plum', weapon: 'Knife', room: 'Kitchen', refutedBy: null }] }));
    const json = cli('notebook', '--input', file, '--json');
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      consistent: false,
      worlds: '0',
      message: 'suggestions[0] (Bob suggested Professor Plum with the Knife in the Kitchen) contradicts the observations before it: no deal of the cards fits them all',
    });
  });

  it('notebook exits 2 with one line on input that is not JSON', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{ not json');
    const bad = cli('notebook', '--input', file);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^parlor: --input .* is not JSON: [^\n]*\n$/);
  });
});
