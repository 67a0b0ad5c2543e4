import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { gameRecordSchema } from '../../src/core/record.js';
import { DICE_INVALID } from '../../src/games/yahtzee/messages.js';
import { tempDir } from '../harness/support/run.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** A server of our own, so that the test never touches anyone's tmux sessions. */
const SOCKET = `parlor-test-${process.pid}`;

function tmux(...args: string[]): string {
  const run = spawnSync('tmux', ['-L', SOCKET, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  if (run.error !== undefined) throw new Error(`tmux is needed for this test (apt-get install -y tmux; .ci/run installs it): ${run.error.message}`);
  if (run.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

/** The pane with its whole scrollback: what anyone at the terminal could still scroll back to. */
function history(): string {
  return tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 'play');
}

async function waitFor(text: string, seconds = 30): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (history().includes(text)) return;
    await sleep(150);
  }
  throw new Error(`"${text}" did not appear within ${seconds} s; the pane shows:\n${history()}`);
}

async function type(keys: string): Promise<void> {
  if (keys !== '') tmux('send-keys', '-t', 'play', '-l', keys);
  tmux('send-keys', '-t', 'play', 'Enter');
}

describe('a real terminal (tmux)', () => {
  it('two people play Yahtzee in hotseat with the inquirer prompts: the screen is cleared between them, a wrong die is refused, Ctrl+C saves', async () => {
    const record = join(tempDir('parlor-tmux-'), 'hotseat.json');
    const command = `${process.execPath} --import tsx src/cli/main.ts play --game yahtzee --set series=1 --bots human:Ann,human:Bob --seed 5 --record ${record}; echo "EXITED $?"; sleep 60`;
    tmux('new-session', '-d', '-s', 'play', '-x', '120', '-y', '50', '-c', ROOT, command);
    try {
      await waitFor('Pass to Ann, press Enter', 90);
      await type('');
      await waitFor('Ann, choose 1-1');
      expect(history()).toContain('Yahtzee: Ann, game 1 of 1');
      await type('roll 7');
      await waitFor(DICE_INVALID);
      await type('1');
      await waitFor('Ann, press Enter and pass the screen on');
      await type('');
      await waitFor('Pass to Bob, press Enter');
      // The clear took Ann's screen and its scrollback: nothing of hers is left to scroll back to.
      expect(history()).not.toContain('Yahtzee: Ann');
      expect(history()).not.toContain('You rolled a');
      await type('');
      await waitFor('Bob, choose 1-1');
      expect(history()).toContain('Ann rolled a 3 to determine the order of their turn.');
      await type('1');
      await waitFor('The order of turns is: Bob, Ann.');
      await waitFor('1. Roll all five dice');
      await type('1');
      await waitFor('Bob, choose 1-14');
      await type('help');
      await waitFor('At every prompt:');
      await type('14');
      await waitFor('Your score for Chance (0-50)');
      await type('');
      await waitFor('You scored 15 points in Chance.');
      tmux('send-keys', '-t', 'play', 'C-c');
      await waitFor('EXITED 130');
      expect(history()).toContain(`Interrupted. The game is saved: parlor play --load ${record} resumes it.`);
    } finally {
      tmux('kill-server');
    }
    const saved = gameRecordSchema.parse(JSON.parse(readFileSync(record, 'utf8')));
    expect(saved.outcome).toBeNull();
    expect(saved.steps).toEqual([
      { seat: 0, action: { type: 'rollOrder' } },
      { seat: 1, action: { type: 'rollOrder' } },
      { seat: 1, action: { type: 'roll', hold: 0 } },
      { seat: 1, action: { type: 'score', category: 'chance', score: 15 } },
    ]);
  });
});
