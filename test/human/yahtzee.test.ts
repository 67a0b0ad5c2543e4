import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameRecordSchema } from '../../src/core/record.js';
import {
  CATEGORY_SCORED,
  FOURTH_ROLL,
  GAME_TOTAL,
  NAME_INVALID,
  ROLL_FOR_ORDER,
  SCORE_INVALID,
  SERIES_TOTAL,
  WINNER,
} from '../../src/games/yahtzee/messages.js';
import { replayRecord } from '../../src/referee/replay.js';
import { playWithPeople } from '../../src/human/start.js';
import { tempDir } from '../harness/support/run.js';
import { common, diceOn, latest, yahtzeePlayer } from './support/people.js';
import { ScriptedTerminal, entry } from './support/scripted.js';
import { newSession, newTable } from './support/table.js';
import { resolveGameArgs } from '../../src/cli/shared.js';

function yahtzee(set: string[] = []) {
  return resolveGameArgs({ game: 'yahtzee', set });
}

describe('Yahtzee at the terminal', () => {
  it('plays a whole series of 5 games against greedy: wrong inputs get the spec messages, totals and the winner are reported', async () => {
    const dir = tempDir('parlor-human-');
    const record = join(dir, 'series.json');
    const wrong: string[] = [];
    const terminal = new ScriptedTerminal(
      yahtzeePlayer((question, screen) => {
        const rolled = diceOn(screen);
        if (!/choose/.test(question)) return undefined;
        // The first turn that reaches a third roll tries a fourth, then a score the dice do not make.
        if (rolled?.roll === 3 && !wrong.includes('fourth')) return (wrong.push('fourth'), 'roll');
        if (rolled?.roll === 3 && !wrong.includes('score')) return (wrong.push('score'), 'score chance 99');
        // Once Ones is scored, try it again.
        if (rolled !== null && /^\s+Ones\s+\d+/m.test(latest(screen)) && !wrong.includes('scored')) return (wrong.push('scored'), 'score ones 1');
        return undefined;
      }),
    );
    const ends = await playWithPeople(terminal, { game: yahtzee(), bots: 'human:Ann,greedy', seed: '11', record });
    const text = terminal.text();

    expect(ends.map((e) => e.kind)).toEqual(['over']);
    expect(wrong).toEqual(['fourth', 'score', 'scored']);
    expect(text).toContain(FOURTH_ROLL);
    expect(text).toContain(SCORE_INVALID);
    expect(text).toContain(CATEGORY_SCORED);
    expect(text).toContain(ROLL_FOR_ORDER);
    // UC-01: 5 games, a "Play a game?" before each of games 2-5, each game's total and the series total to Ann alone.
    expect(text.match(/Play a game\?/g)).toHaveLength(4);
    expect(text.match(new RegExp(GAME_TOTAL.replace('.', '\\.'), 'g'))).toHaveLength(5);
    expect(text).toContain(SERIES_TOTAL);
    expect(text).toContain(WINNER);
    // UC-01/UC-02 NFRs: Ann never sees what the System Player scored, only that it scored.
    expect(text).toMatch(/Bob scored their turn\./);
    expect(text).not.toMatch(/Bob scored \d+ point/);
    expect(text).not.toMatch(/Bob's total score/);

    const saved = gameRecordSchema.parse(JSON.parse(readFileSync(record, 'utf8')));
    expect(saved.seats).toEqual([{ name: 'Ann', bot: 'human:Ann' }, { name: 'Bob', bot: 'greedy' }]);
    expect(saved.outcome).toEqual(ends[0]!.kind === 'over' ? ends[0]!.outcome : null);
    expect(replayRecord(saved).mismatch).toBeNull();
  });

  it('asks again for a name that breaks UC-01 (letters only, not taken), with the spec message', async () => {
    const terminal = new ScriptedTerminal(['Ann', 'Bob2', 'bob', 'Cy']);
    const ends = await playWithPeople(terminal, { game: yahtzee(['series=1']), bots: 'human:Ann,human:Ann,human', seed: '1', record: join(tempDir('parlor-human-'), 'n.json') });
    const text = terminal.text();
    expect(text.match(new RegExp(NAME_INVALID.replace(/\./g, '\\.'), 'g'))).toHaveLength(3);
    expect(text).toContain('? Player 2, your name: > Bob2');
    expect(text).toContain('? Player 3, your name: > Cy');
    expect(ends[0]!.table.names).toEqual(['Ann', 'bob', 'Cy']);
  });

  it('hotseat: the screen is cleared and passed on, nobody sees another sheet, undo takes back only your own move and rolls the same dice', async () => {
    const table = newTable('yahtzee', ['Ann', 'Bob'], { seed: '4', set: { series: 1 } });
    let undone = 0;
    let refused = 0;
    let before = '';
    const terminal = new ScriptedTerminal(
      yahtzeePlayer((question, screen) => {
        if (!/choose/.test(question)) return undefined;
        const rolled = diceOn(screen);
        if (rolled?.roll === 2 && undone === 0) {
          undone++;
          before = rolled.dice.join(' ');
          return 'undo';
        }
        if (rolled === null && /turn 2 of 13/.test(screen) && refused === 0 && /^Yahtzee: Bob/m.test(screen)) {
          refused++;
          return 'undo';
        }
        return undefined;
      }),
    );
    const end = await newSession(terminal, table, join(tempDir('parlor-human-'), 'h.json')).run();
    expect(end.kind).toBe('over');
    const text = terminal.text();
    expect(text).toMatch(/Taken back: roll/);
    expect(text).toContain("There is no move of yours to take back: the last move was Ann's.");
    // The roll after the undo falls as the undone one did: an undo is no second chance at the dice.
    const after = [...text.matchAll(/You rolled ([\d ]+) \(roll 2 of 3/g)].map((m) => m[1]);
    expect(after.filter((d) => d === before).length).toBeGreaterThanOrEqual(2);
    const screens = terminal.screens();
    expect(text.match(/Pass to (Ann|Bob), press Enter/g)!.length).toBeGreaterThan(26);
    for (const screen of screens) {
      const owners = [...screen.matchAll(/^Yahtzee: (Ann|Bob),/gm)].map((m) => m[1]);
      expect(new Set(owners).size).toBeLessThanOrEqual(1);
      const owner = owners[0];
      if (owner === undefined) continue;
      const other = owner === 'Ann' ? 'Bob' : 'Ann';
      expect(screen).not.toMatch(new RegExp(`${other} scored \\d+ point`));
    }
    // At the end each sees their own total privately, then the winner is announced to both.
    expect(text.match(/The end of the game, as only you see it:/g)).toHaveLength(1);
    expect(text).toMatch(/=== Yahtzee: the game is over ===\nThe winners? for the game (is|are) the following/);
  });

  it('a person who leaves is replaced by a System Player (--takeover); with no person left the game ends, saved, and --load resumes it', async () => {
    const dir = tempDir('parlor-human-');
    const record = join(dir, 'left.json');
    // Hotseat Ann and Bob against greedy: Bob leaves at his first decision, then Ann on her third turn.
    let annTurns = 0;
    const terminal = new ScriptedTerminal(
      yahtzeePlayer((question, screen) => {
        if (question.startsWith('Leave the game?')) return 'y';
        if (!/choose/.test(question)) return undefined;
        if (/^Yahtzee: Bob/m.test(screen)) return 'leave';
        if (/^Yahtzee: Ann/m.test(screen) && entry(screen, /^Roll all five dice/) !== null && ++annTurns === 3) return 'quit';
        return undefined;
      }),
    );
    const ends = await playWithPeople(terminal, { game: yahtzee(['series=1']), bots: 'human:Ann,human:Bob,greedy', seed: '8', record, takeover: 'greedy' });
    expect(ends.map((e) => e.kind)).toEqual(['abandoned']);
    const text = terminal.text();
    expect(text).toContain('Bob left the game; greedy plays the seat from now on.');
    // Bob's screen is cleared before Ann, now alone at the terminal, gets it.
    expect(text).toMatch(/Bob left the game; greedy plays the seat from now on\.\n(.*\n)*<<clear>>\n\? Pass to Ann, press Enter/);
    const afterBob = text.slice(text.indexOf('Bob left the game'));
    expect(afterBob.slice(afterBob.indexOf('? Pass to Ann'))).not.toMatch(/^Yahtzee: Bob/m);
    expect(text).toContain('No person is left at the table: the game ends here.');
    const saved = gameRecordSchema.parse(JSON.parse(readFileSync(record, 'utf8')));
    expect(saved.outcome).toBeNull();
    expect(saved.seats.map((s) => s.bot)).toEqual(['human:Ann', 'human:Bob then greedy', 'greedy']);

    // Resumed from the record: Ann is a person again, Bob's seat stays with greedy; Ann plays it out.
    const again = new ScriptedTerminal(yahtzeePlayer());
    const resumed = await playWithPeople(again, { load: record, seed: 'ignored' });
    expect(resumed.map((e) => e.kind)).toEqual(['over']);
    expect(again.text()).toContain(`Resuming ${record}`);
    const finished = gameRecordSchema.parse(JSON.parse(readFileSync(record, 'utf8')));
    expect(finished.steps.slice(0, saved.steps.length)).toEqual(saved.steps);
    expect(replayRecord(finished).mismatch).toBeNull();
  });

  it('at the end of a game the players may play another, with a new seed and record file', async () => {
    const dir = tempDir('parlor-human-');
    let asked = 0;
    const terminal = new ScriptedTerminal(
      yahtzeePlayer((question) => (question.startsWith('Play another game') ? (++asked === 1 ? 'y' : 'n') : common(question) === '' ? '' : undefined)),
    );
    const ends = await playWithPeople(terminal, { game: yahtzee(['series=1']), bots: 'human:Ann', seed: 's', record: join(dir, 'one.json') });
    expect(ends.map((e) => e.kind)).toEqual(['over', 'over']);
    expect(ends.map((e) => e.table.seed)).toEqual(['s', 's-2']);
    expect(existsSync(join(dir, 'one.json')) && existsSync(join(dir, 'one-2.json'))).toBe(true);
  });

  it('save writes the game in progress; load in the game replaces it; help lists the rules and commands', async () => {
    const dir = tempDir('parlor-human-');
    const file = join(dir, 'mid.json');
    const script = ['help', '1', `save ${file}`, 'load', `load ${join(dir, 'missing.json')}`, `load ${file}`, 'look', 'notebook'];
    const terminal = new ScriptedTerminal(script);
    const table = newTable('yahtzee', ['Ann'], { seed: '2', set: { series: 1 } });
    const end = await newSession(terminal, table, join(dir, 'default.json')).run();
    expect(end.kind).toBe('closed');
    const text = terminal.text();
    expect(text).toContain('Yahtzee: the rules in brief');
    expect(text).toContain('score <category> <n>');
    expect(text).toContain(`Saved to ${file}: parlor play --load ${file} resumes it.`);
    expect(text).toContain('Name the record to load');
    expect(text).toMatch(/cannot read .*missing\.json as JSON/);
    expect(text).toContain(`Loaded ${file}: 1 moves replayed.`);
    expect(text).toMatch(/Your notebook:\n {2}You rolled/);
    expect(existsSync(join(dir, 'default.json'))).toBe(true);
  });

  it('without --bots the table is set up by asking (players, people, System Player, names); "no" to the next game of the series leaves it', async () => {
    const setup: Record<string, string[]> = {
      'How many players? (1-5)': ['9', '2'],
      'How many of them are people at this terminal? (1-2)': [''],
      'Which System Player takes the other seats? (number or name)': ['zzz', 'greedy'],
      'Player 1, your name:': ['Ann 1', 'Ann'],
    };
    const terminal = new ScriptedTerminal(
      yahtzeePlayer((question) => {
        if (question.startsWith('Game 1 is over. Play a game?')) return 'n';
        return setup[question]?.shift();
      }),
    );
    const ends = await playWithPeople(terminal, { game: yahtzee(['series=2']), seed: '6', record: join(tempDir('parlor-human-'), 'asked.json') });
    const text = terminal.text();
    expect(text).toContain('"9" is not a number from 1 to 5. Please enter a number from 1 to 5.');
    expect(text).toMatch(/System Players:\n {4}1\. random: .*\n {4}2\. greedy: /);
    expect(text).toMatch(/"zzz" is not one of the System Players: choose a number from 1 to \d\./);
    expect(text).toContain(NAME_INVALID);
    expect(ends.map((e) => e.kind)).toEqual(['abandoned']);
    expect(ends[0]!.table.labels).toEqual(['human:Ann', 'greedy']);
    expect(text).toContain('Game 1 is over. Play a game? (game 2 of 2; no leaves the series)');
    expect(text).toContain('No person is left at the table: the game ends here.');
  });
});
