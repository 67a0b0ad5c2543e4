import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomBot } from '../../bots/generic/random.js';
import { CARDS } from '../../src/games/clue/cards.js';
import { MESSAGES } from '../../src/games/clue/messages.js';
import type { ClueState } from '../../src/games/clue/state.js';
import { replayRecord } from '../../src/referee/replay.js';
import { parseMove, splitNames } from '../../src/human/games/clue.js';
import { TerminalGame } from '../../src/human/terminal-game.js';
import { findGame } from '../../src/games/registry.js';
import { tempDir } from '../harness/support/run.js';
import { ScriptedTerminal, entry } from './support/scripted.js';
import { newSession, newTable } from './support/table.js';

/** Answers hand-overs with Enter and everything else from `plan`, in order. */
function planned(plan: string[]): ScriptedTerminal {
  return new ScriptedTerminal((question) => (/press Enter/.test(question) ? '' : (plan.shift() ?? null)));
}

/** The screens (between clears) a person had: those that follow "Pass to <name>". */
function screensOf(terminal: ScriptedTerminal, name: string): string[] {
  return terminal.screens().filter((screen) => screen.includes(`Pass to ${name}, press Enter`));
}

describe('Clue at the terminal', () => {
  it('three people in hotseat: a suggestion, a private refutation, a wrong and a right accusation; nobody sees another hand', async () => {
    const table = newTable('clue', ['Ann', 'Bob', 'Cid'], { seed: '9' });
    const state = table.state as ClueState;
    const { suspects, weapons, rooms } = CARDS.classic;
    const bob = state.hands[1]!;
    const suspect = bob.find((c) => suspects.includes(c))!;
    const weapon = bob.find((c) => weapons.includes(c))!;
    const caseFile = state.caseFile;
    const wrong = [suspects.find((s) => s !== caseFile.suspect)!, caseFile.weapon, caseFile.room];
    const plan = [
      // Ann (Miss Scarlet): a move before rolling is refused; a typed physical roll of 6 and 6.
      'move N',
      'roll 6 6',
      'move Lounge',
      // The menu's suggestion: the suspect by number, the weapon by name.
      '1',
      String(suspects.indexOf(suspect) + 1),
      weapon.toLowerCase(),
      // Bob, privately: a card he may not show, then the second of his choices by number.
      'show Rope',
      '2',
      // Ann accuses wrongly (typed, no commas); Bob walks two squares after a path too long; Cid passes.
      `accuse ${wrong.join(' ')}`,
      'roll 1 1',
      'move E E E',
      'move E E',
      'pass',
      'pass',
      // Bob accuses rightly through the menu's questions.
      '2',
      caseFile.suspect,
      String(weapons.indexOf(caseFile.weapon) + 1),
      String(rooms.indexOf(caseFile.room) + 1),
    ];
    const terminal = planned(plan);
    const record = join(tempDir('parlor-human-'), 'clue.json');
    const end = await newSession(terminal, table, record).run();

    expect(end.kind).toBe('over');
    expect(plan).toEqual([]);
    const text = terminal.text();
    expect(text).toContain('You cannot move now: you may roll the dice, accuse, pass.');
    expect(text).toContain(MESSAGES.exceeded);
    expect(text).toContain(`You must show one of the named cards you hold: `);

    const shown = [suspect, weapon, 'Lounge'].filter((c) => bob.includes(c))[1]!;
    const [ann, bobs, cid] = [screensOf(terminal, 'Ann'), screensOf(terminal, 'Bob'), screensOf(terminal, 'Cid')];
    const crime = `the crime was committed in the Lounge by ${suspect} with the ${weapon}.`;
    // The classic suggestion as its player says it (spec 000 UC32), spec 002's refutation lines, for each perspective.
    expect(ann.join('\n')).toContain(`I suggest ${crime}`);
    expect(ann.join('\n')).toContain(`Bob refuted the hypothesis showing the card “${shown}”.`);
    expect(bobs.join('\n')).toContain(`Ann suggests ${suspect} in the Lounge with the ${weapon}. You hold`);
    expect(bobs.join('\n')).toContain(`Ann suggests ${crime}`);
    expect(bobs.join('\n')).toContain(`I refuted the hypothesis showing card “${shown}”.`);
    expect(cid.join('\n')).toContain(`Ann suggests ${crime}`);
    expect(cid.join('\n')).toContain('Bob refuted the hypothesis showing a card.');
    expect(cid.join('\n')).not.toContain(`“${shown}”`);
    // Each screen shows one hand, its owner's; the case file Ann saw after accusing is hers alone.
    for (const [name, seat, screens] of [['Ann', 0, ann], ['Bob', 1, bobs], ['Cid', 2, cid]] as const) {
      expect(screens.length).toBeGreaterThan(0);
      for (const screen of screens) {
        expect(screen).toContain(`Your cards: ${state.hands[seat]!.join(', ')}.`);
        for (const other of [0, 1, 2].filter((s) => s !== seat)) expect(screen).not.toContain(`Your cards: ${state.hands[other]!.join(', ')}.`);
        if (name !== 'Ann') expect(screen).not.toContain('Ann looked at the case file');
      }
    }
    expect(ann.join('\n')).toContain(`I looked at the case file: ${caseFile.suspect}, the ${caseFile.weapon}, the ${caseFile.room}.`);
    expect(ann.join('\n')).toContain('My accusation is wrong: I make no further moves but still show cards.');
    // The board has column and row numbers, and each square the menu offers carries its menu number.
    const rolled = ann.find((screen) => screen.includes('I rolled 6 and 6: 12.'))!;
    const board = rolled.slice(rolled.indexOf('I rolled 6 and 6: 12.'), rolled.indexOf('> move Lounge'));
    // Tens over units: two-digit columns stay apart.
    expect(board).toContain('                       1 1 1 1 1 1 1 1 1 1 2 2 2 2\n   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3');
    expect(board).toMatch(/^24 {15}Sc/m);
    const offers = [...board.matchAll(/^ +(\d+)\. Move to square (\d+),(\d+)/gm)];
    expect(offers.length).toBeGreaterThan(10);
    for (const [, n, x, y] of offers) {
      const row = board.split('\n').find((line) => line.startsWith(`${y!.padStart(2)} `))!;
      expect(row.slice(3 + 2 * Number(x), 5 + 2 * Number(x)).trim()).toBe(n);
    }
    // The final screen, for everyone.
    expect(text).toContain('=== Clue: the game is over ===');
    expect(text).toContain(`Bob solved the case: ${caseFile.suspect} made the murder in the ${caseFile.room} with the ${caseFile.weapon}.`);
    expect(replayRecord(end.table.record()).mismatch).toBeNull();
  });

  it('one person against System Players (Cluedo): their moves print as the person sees them, and the game ends with the case file', async () => {
    const game = findGame('clue');
    const config = game.configSchema.parse({ maxTurns: 40 });
    const table = new TerminalGame({
      game,
      variant: 'cluedo',
      config,
      seed: '5',
      sitters: [
        { name: 'Ann', label: 'human:Ann', bot: null },
        { name: 'Bob', label: 'random', bot: randomBot },
        { name: 'Cid', label: 'random', bot: randomBot },
      ],
    });
    // Ann rolls, moves to the first place offered, and ends her turn; she never accuses.
    const terminal = new ScriptedTerminal((question, screen) => {
      if (!/choose/.test(question)) return '';
      return entry(screen, /^Roll the dice/) ?? entry(screen, /^Move to/) ?? entry(screen, /^Pass|^End your turn/) ?? 'pass';
    });
    const end = await newSession(terminal, table, join(tempDir('parlor-human-'), 'cluedo.json')).run();
    expect(end.kind).toBe('over');
    const text = terminal.text();
    expect(text).not.toContain('Pass to');
    expect(text).toMatch(/^Bob rolled \d and \d: \d+\.$/m);
    expect(text).toMatch(/^I rolled \d and \d: \d+\.$/m);
    expect(text).toMatch(/The case file: |solved the case: /);
    const caseFile = (end.table.state as ClueState).caseFile;
    expect(text.slice(text.indexOf('=== Clue: the game is over ==='))).toContain(`${caseFile.suspect} made the murder in the ${caseFile.room} with the ${caseFile.weapon}`);
    expect(replayRecord(end.table.record()).mismatch).toBeNull();
  });

  it('reads typed moves and card names as people write them', () => {
    expect(parseMove(['Kitchen'])).toEqual({ type: 'move', to: 'Kitchen' });
    expect(parseMove(['billiard', 'room'])).toEqual({ type: 'move', to: 'billiard room' });
    expect(parseMove(['7,18'])).toEqual({ type: 'move', to: '7,18' });
    expect(parseMove(['7,23', '3n', 'E'])).toEqual({ type: 'move', to: 'E', path: ['7,23', 'N', 'N', 'N', 'E'] });
    expect(parseMove(['nnee'])).toEqual({ type: 'move', to: 'E', path: ['N', 'N', 'E', 'E'] });
    expect(splitNames('classic', ['colonel', 'mustard', 'lead', 'pipe', 'billiard', 'room'], ['suspect', 'weapon', 'room'])).toEqual(['Colonel Mustard', 'Lead Pipe', 'Billiard Room']);
    expect(splitNames('classic', ['Plum,', 'the', 'rope'], ['suspect', 'weapon'])).toEqual(['Plum', 'the rope']);
    expect(() => splitNames('classic', ['nobody', 'rope'], ['suspect', 'weapon'])).toThrow(/Name a suspect, a weapon in that order/);
  });
});

describe('Clue at the terminal, the other variants and options', () => {
  it('Clue-Less: one step from the home square, the spec message for a step elsewhere; UC04: a person places the weapons', async () => {
    const terminal = planned(['move Kitchen', '1']);
    const clueless = newTable('clue', ['Ann', 'Bob', 'Cid'], { seed: '2', variant: 'clueless' });
    await newSession(terminal, clueless, join(tempDir('parlor-human-'), 'cl.json')).run();
    const text = terminal.text();
    expect(text).toContain("You stand on Miss Scarlet's home square.");
    expect(text).toContain(MESSAGES.firstMove);
    expect(text).toContain('I moved Miss Scarlet from Miss Scarlet\'s home to the Hall-Lounge hallway.');

    const placing = newTable('clue', ['Ann', 'Bob', 'Cid'], { seed: '2', set: { placeWeapons: 0 } });
    const placer = planned(['place knife kitchen', 'place rope kitchen', '2', '2']);
    await newSession(placer, placing, join(tempDir('parlor-human-'), 'pl.json')).run();
    const placed = placer.text();
    expect(placed).toContain('I placed the Knife in the Kitchen.');
    expect(placed).toContain(MESSAGES.weaponRoom);
    // The menu offers the weapons not placed yet, then the rooms still free.
    expect(placed).toMatch(/ {2}1\. Place the Rope\n {2}2\. Place the Lead Pipe\n/);
    expect(placed).toMatch(/ {4}1\. Lounge\n {4}2\. Hall\n/);
    expect(placed).toContain('I placed the Lead Pipe in the Hall.');
  });
});
