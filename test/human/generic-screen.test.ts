import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomBot } from '../../bots/generic/random.js';
import type { GameDefinition } from '../../src/core/game.js';
import type { RecordedStep } from '../../src/core/record.js';
import { screenOf } from '../../src/human/games/index.js';
import { readRecord, readRecordFile } from '../../src/human/records.js';
import { Session } from '../../src/human/session.js';
import { playWithPeople } from '../../src/human/start.js';
import { TerminalGame, type Sitter } from '../../src/human/terminal-game.js';
import { replayRecord } from '../../src/referee/replay.js';
import { tempDir } from '../harness/support/run.js';
import { hiddenCups, type CupsState } from '../support/hidden-cups.js';
import { leakingCups, secondCup } from '../support/rigged-cups.js';
import { entry, ScriptedTerminal } from './support/scripted.js';

/** Ann at the terminal against the generic random System Player, Rob. */
function annAndRob(): Sitter[] {
  return [
    { name: 'Ann', label: 'human:Ann', bot: null },
    { name: 'Rob', label: 'random', bot: randomBot },
  ];
}

/** A game of `game` (not in the registry) at the terminal, through the screen the terminal picks for it. */
function session(terminal: ScriptedTerminal, game: GameDefinition, seed: string, recordFile: string): Session {
  const table = (steps: readonly RecordedStep[] = [], from = seed): TerminalGame => new TerminalGame({ game, variant: '', config: {}, seed: from, sitters: annAndRob() }, steps);
  return new Session({
    terminal,
    screen: screenOf(game),
    table: table(),
    takeover: { label: 'random', bot: randomBot },
    recordFile,
    open: async (file) => {
      const record = readRecord(file);
      return table(record.steps, record.seed);
    },
  });
}

/** Answers every "choose" prompt from `script` (a line, or a line read off the screen), then keeps the cup. */
function scripted(script: (string | ((screen: string) => string))[]): ScriptedTerminal {
  return new ScriptedTerminal((question, screen) => {
    if (!/choose \d+-\d+/.test(question)) throw new Error(`unexpected question: ${question}`);
    const next = script.shift();
    if (next === undefined) return entry(screen, /^Keep the cup as it is$/)!;
    return typeof next === 'string' ? next : next(screen);
  });
}

/** Everything printed before the cups are lifted, and the rest. */
function beforeTheLift(text: string): string {
  const at = text.indexOf('The cups are lifted');
  expect(at).toBeGreaterThan(0);
  return text.slice(0, at);
}

describe('the generic screen: a game with no screen of its own at the terminal', () => {
  it('plays a whole game against a bot: the view as a tree, a menu in the game’s words, help, notebook, typed actions, save and load', async () => {
    const dir = tempDir('parlor-human-');
    const saved = join(dir, 'saved.json');
    const terminal = scripted([
      'help',
      'notebook',
      'look',
      '{"type":"reroll"',
      '{"type":"fly"}',
      '{"type":"reroll","dice":[5]}',
      'Keep the Cup  as it is.',
      'notebook',
      `save ${saved}`,
      (screen) => entry(screen, /^Re-roll dice 0$/)!,
      `load ${saved}`,
      '{"type": "reroll", "dice": [0, 2]}',
    ]);
    const firstCup = new TerminalGame({ game: hiddenCups, variant: '', config: {}, seed: '5', sitters: annAndRob() }).view(0) as { cup: number[] };
    const end = await session(terminal, hiddenCups, '5', join(dir, 'cups.json')).run();

    expect(end.kind).toBe('over');
    const text = terminal.text();
    // The seat's view, as the readable tree, under the game's title; then the menu in describeAction's words.
    expect(text).toContain(
      ['Hidden cups: Ann', '  Seats: 0 Ann (you), 1 Rob', '  seat: 0', `  cup: ${firstCup.cup.join(', ')}`, '  round: 1', '  left: none', '  current: 0', '  cups: none', ''].join('\n'),
    );
    expect(text).toContain(
      ['  1. Re-roll dice 0', '  2. Re-roll dice 1', '  3. Re-roll dice 0, 1', '  4. Re-roll dice 2', '  5. Re-roll dice 0, 2', '  6. Re-roll dice 1, 2', '  7. Re-roll dice 0, 1, 2', '  8. Keep the cup as it is'].join('\n'),
    );
    expect(text).toContain(['Hidden cups: the rules in brief', `  ${hiddenCups.summary} (2-4 players).`].join('\n'));
    expect(text).toMatch(/^ {2}<action> +an action as the menu words it/m);
    expect(text).toContain('Your notebook is empty.');
    expect(text).toContain('Type an action as JSON, e.g. {"type": "..."}: {"type":"reroll" is not JSON.');
    expect(text).toMatch(/^\{"type":"fly"\} is not an action of Hidden cups: .+\.$/m);
    expect(text).toContain('Name the dice to re-roll by position, 0 to 2, in ascending order.');
    expect(text).toMatch(/Your notebook:\n {2}I kept the cup as it was\.\n {2}Rob (kept the cup as it was|re-rolled dice [\d, ]+)\./);
    expect(text).toContain(`Saved to ${saved}: parlor play --load ${saved} resumes it.`);
    expect(text).toContain(`Loaded ${saved}: 2 moves replayed.`);
    // Rob's rerolls are told to Ann without their dice.
    expect(text).not.toMatch(/^Rob re-rolled dice [\d, ]+: /m);

    // The load took back the move played after the save: the game went on from the saved one.
    const record = end.table.record();
    expect(record.steps.map((step) => ('action' in step ? step.action : step.forfeit)).filter((_, i) => i % 2 === 0)).toEqual([
      { type: 'keep' },
      { type: 'reroll', dice: [0, 2] },
      { type: 'keep' },
    ]);
    expect(replayRecord(record, { game: hiddenCups }).mismatch).toBeNull();
    expect(readRecordFile(join(dir, 'cups.json')).outcome).toEqual(record.outcome);

    // The final screen ranks the seats with their totals, which are the sums of the lifted cups.
    const cups = (end.table.state as CupsState).cups.map((cup) => cup.reduce((sum, die) => sum + die, 0));
    const finale = text.slice(text.indexOf('=== Hidden cups: the game is over ===')).split('\n').slice(1, 3);
    const labels = ['Ann [human:Ann]', 'Rob [random]'];
    const outcome = record.outcome!;
    const expected = [0, 1]
      .sort((a, b) => outcome.rank[a]! - outcome.rank[b]! || a - b)
      .map((seat) => `${outcome.rank[seat]}. ${labels[seat]}  ${cups[seat]}${outcome.winners.includes(seat) ? '  (winner)' : ''}`);
    expect(finale).toEqual(expected);
  });

  it('prints for a seat the same whatever another seat’s hidden dice are, until the cups are lifted; a view that shows them is caught', async () => {
    const transcript = async (game: GameDefinition): Promise<string> => {
      let turn = 0;
      const terminal = new ScriptedTerminal(() => (turn++ % 2 === 0 ? 'notebook' : '1'));
      const end = await session(terminal, game, '8', join(tempDir('parlor-human-'), 'cups.json')).run();
      expect(end.kind).toBe('over');
      return terminal.text();
    };
    const low = await transcript(secondCup([1, 1, 1]));
    const high = await transcript(secondCup([6, 6, 6]));
    expect(beforeTheLift(low)).toBe(beforeTheLift(high));
    // The lifted cups, then the totals, tell the two games apart: the comparison above could fail.
    expect(low).not.toBe(high);

    const leakedLow = await transcript(leakingCups(secondCup([1, 1, 1])));
    const leakedHigh = await transcript(leakingCups(secondCup([6, 6, 6])));
    expect(beforeTheLift(leakedLow)).not.toBe(beforeTheLift(leakedHigh));
  });

  it('hotseat through parlor play’s own path: each person’s screen alone between clears, save and load of the game at the table', async () => {
    const record = join(tempDir('parlor-human-'), 'hotseat.json');
    const script = ['notebook', '2', 'save', '8', `load ${record}`, '1'];
    const terminal = new ScriptedTerminal((question, screen) => {
      if (/press Enter/.test(question)) return '';
      if (question.startsWith('Play another game')) return 'n';
      if (!/choose \d+-\d+/.test(question)) throw new Error(`unexpected question: ${question}`);
      return script.shift() ?? entry(screen, /^Keep the cup as it is$/)!;
    });
    const ends = await playWithPeople(terminal, { game: { game: hiddenCups, variant: '', config: {} }, bots: 'human:Ann,human:Bob', seed: '3', record });

    expect(ends.map((end) => end.kind)).toEqual(['over']);
    const text = terminal.text();
    expect(text).toContain(`Saved to ${record}: parlor play --load ${record} resumes it.`);
    expect(text).toContain(`Loaded ${record}: 1 moves replayed.`);
    expect(text).toContain('Pass to Bob, press Enter');
    const screens = terminal.screens();
    expect(screens.length).toBeGreaterThan(6);
    for (const screen of screens) {
      const people = new Set([...screen.matchAll(/^Hidden cups: (Ann|Bob)$/gm)].map((match) => match[1]!));
      expect(people.size).toBeLessThanOrEqual(1);
      const [person] = people;
      if (person === undefined) continue;
      const other = person === 'Ann' ? 'Bob' : 'Ann';
      expect(screen).toContain(person === 'Ann' ? 'Seats: 0 Ann (you), 1 Bob' : 'Seats: 0 Ann, 1 Bob (you)');
      // Only the person's own rerolls come with their dice.
      expect(screen).not.toMatch(new RegExp(`^${other} re-rolled dice [\\d, ]+: `, 'm'));
    }
    expect(text).toMatch(/^I re-rolled dice 1: \d\.$/m);
    expect(text).toMatch(/^Ann re-rolled dice 1\.$/m);

    // Bob's keep was taken back by the load; his reroll of die 0 stands.
    const saved = readRecordFile(record);
    expect(saved.steps.slice(0, 2).map((step) => ('action' in step ? step.action : null))).toEqual([
      { type: 'reroll', dice: [1] },
      { type: 'reroll', dice: [0] },
    ]);
    expect(replayRecord(saved, { game: hiddenCups }).mismatch).toBeNull();
  });
});
