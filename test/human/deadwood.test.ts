import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayRecord } from '../../src/referee/replay.js';
import { tempDir } from '../harness/support/run.js';
import { latest } from './support/people.js';
import { ScriptedTerminal, entry, lastMenu } from './support/scripted.js';
import { newSession, newTable } from './support/table.js';

describe('Deadwood at the terminal', () => {
  it('plays a day against greedy and planner: the room, role and scene on screen, wrong inputs answered, then the person leaves', async () => {
    const wrong = ['take Nobody', 'move Nowhere', 'upgrade 3 dollars', 'act', 'upgrade 2'];
    let dayOver = false;
    let walked = 0;
    const terminal = new ScriptedTerminal((question, screen) => {
      if (question.startsWith('Leave the game?')) return 'y';
      if (/press Enter/.test(question)) return '';
      if (wrong.length > 0) return wrong.shift()!;
      if (dayOver) return 'leave';
      dayOver = /^Day 1 ended/m.test(screen);
      const now = latest(screen);
      const moves = [...lastMenu(now)].filter(([label]) => label.startsWith('Move to'));
      const move = moves.length === 0 ? null : String(moves[++walked % moves.length]![1]);
      return entry(now, /^Act$/) ?? entry(now, /^Take the role .*starring/) ?? entry(now, /^Take the role/) ?? move ?? entry(now, /^End the turn/)!;
    });
    const table = newTable('deadwood', ['Ann', 'bot:greedy:Bob', 'bot:planner:Cid'], { seed: '3' });
    const end = await newSession(terminal, table, join(tempDir('parlor-human-'), 'deadwood.json')).run();

    expect(end.kind).toBe('abandoned');
    const text = terminal.text();
    expect(text).toContain('There are no roles to take in Trailers.');
    expect(text).toMatch(/There is no room "Nowhere": from Trailers you can move to /);
    expect(text).toContain('You can upgrade only in the Casting Office; you are in Trailers.');
    expect(text).toContain('You have no role: take a role before you act.');
    expect(text).toContain('Say how you pay for rank 2: upgrade 2 dollars or upgrade 2 credits.');
    // Spec 004's "displays error message, redisplays options": after each refusal the menu comes again.
    expect(text).toMatch(/You have no role: take a role before you act\.\n\n {2}1\. Move to /);
    expect(text).toMatch(/^Deadwood: Ann, day 1 of 3, turn \d+ of the day$/m);
    expect(text).toMatch(/^You: rank \d, \$\d+, \d+ credits?, in [A-Z]/m);
    expect(text).toMatch(/^ {2}Scene: ".+" \(scene \d+\), budget \$\dM, \d of \d shots left\.$/m);
    expect(text).toMatch(/^ {2}Starring: .+\(rank \d\): /m);
    expect(text).toMatch(/^I took the role .+ at .+\.$/m);
    expect(text).toMatch(/^I acted as .+: rolled \d/m);
    expect(text).toMatch(/^The scene at .+ wrapped/m);
    expect(text).toMatch(/^Day 1 ended/m);
    expect(text).toMatch(/^Day 2 begins: everyone is back in the Trailers/m);
    expect(text).toContain('No person is left at the table: the game ends here.');
    expect(replayRecord(end.table.record()).mismatch).toBeNull();
  });
});
