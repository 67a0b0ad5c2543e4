import { describe, expect, test } from 'vitest';
import type { ClueEvent } from '../../src/games/clue/events.js';
import type { ClueView } from '../../src/games/clue/view.js';
import { clueGame } from '../../src/games/clue/game.js';
import { VARIANTS } from '../../src/games/clue/rules.js';
import { GRID_SIZE, layOut } from '../../src/drawing/clueless-layout.js';
import { gameOverVerdict, initialModel, receive, seatTakenOver, sending, type ClientModel } from '../../src/client/model.js';
import { aidInput } from '../../src/client/aid-input.js';
import { boardInfo } from '../../src/server/board-info.js';
import type { HelloMessage, ServerMessage, UpdateMessage, YourTurnMessage } from '../../src/server/messages.js';
import { seatNotebook } from '../../src/server/notebook-grid.js';
import { randomClient, replayedState, savedRecords, testServer, until } from '../server/helpers.js';

describe('the board as the client draws it', () => {
  const cells = layOut(boardInfo());
  const at = (node: string) => cells.find((cell) => cell.node === node)!;

  test('every node of the board once, each in a cell of its own inside the grid', () => {
    const board = boardInfo();
    expect(cells.map((cell) => cell.node).sort()).toEqual([...board.rooms.flat(), ...board.hallways.map((h) => h.name), ...board.homes.map((h) => h.name)].sort());
    expect(new Set(cells.map((cell) => `${cell.row},${cell.column}`)).size).toBe(cells.length);
    for (const cell of cells) for (const v of [cell.row, cell.column]) expect(v >= 0 && v < GRID_SIZE).toBe(true);
  });

  test('rooms in the 3x3 order, each hallway touching its two rooms, each home touching its hallway, passages in the corners', () => {
    const board = boardInfo();
    board.rooms.forEach((row, r) => row.forEach((room, c) => expect([at(room).row, at(room).column]).toEqual([1 + 2 * r, 1 + 2 * c])));
    const touching = (a: { row: number; column: number }, b: { row: number; column: number }) => Math.abs(a.row - b.row) + Math.abs(a.column - b.column) === 1;
    for (const hallway of board.hallways) for (const room of hallway.rooms) expect(touching(at(hallway.name), at(room))).toBe(true);
    for (const home of board.homes) {
      expect(touching(at(home.name), at(home.hallway))).toBe(true);
      expect([0, GRID_SIZE - 1]).toContain(at(home.name).row === 0 || at(home.name).row === GRID_SIZE - 1 ? at(home.name).row : at(home.name).column);
    }
    expect(at('Study').passageTo).toBe('Kitchen');
    expect(at('Conservatory').passageTo).toBe('Lounge');
    expect(at('Hall').passageTo).toBeUndefined();
  });
});

describe('the client model, fed a real game over the protocol', () => {
  test('the view, the whole notebook, the accusations and the end of a seat, as the engine has them; the deduction grid the same as the server computes', async () => {
    const { ws, records } = await testServer();
    const clients = await Promise.all([11, 12, 13].map((seed) => randomClient(ws, seed, 0.02)));
    for (const client of clients) client.join();
    await Promise.all(clients.map((client) => client.finished));
    await until(() => savedRecords(records).length === 1, 5000, 'the record');
    const [record] = savedRecords(records);
    const state = replayedState(record!);
    const names = record!.seats.map((seat) => seat.name);
    for (const client of clients) {
      let model: ClientModel = initialModel();
      const seen: ClientModel[] = [];
      for (const message of client.log) {
        model = receive(model, message);
        seen.push(model);
      }
      const view = clueGame.view(state, client.seat) as ClueView;
      expect(model.stage.kind).toBe('over');
      expect(model.game!.seat).toBe(client.seat);
      expect(model.events.map((seen) => seen.n)).toEqual(view.notebook.map((_, n) => n));
      expect(model.events.map((seen) => seen.event)).toEqual(JSON.parse(JSON.stringify(view.notebook)));
      expect(model.view!.hand).toEqual(view.hand);
      expect(model.caseFile).toEqual({ ...state.caseFile });
      expect(model.accusations).toHaveLength(view.notebook.filter((event) => event.type === 'accused').length);
      expect(model.turn).toBeNull();
      // Each prompt stood until the seat acted, and only while the seat was to act.
      for (const m of seen) if (m.turn !== null) expect(m.view!.toAct).toBe(client.seat);
      const aid = aidInput(model)!;
      expect(aid.names).toEqual(names);
      expect(JSON.stringify(seatNotebook(aid.view, aid.names))).toBe(JSON.stringify(seatNotebook(view, names)));
    }
  });
});

describe('the client model, message by message', () => {
  const board = boardInfo();
  const started = receive(receive(initialModel(), { type: 'queued', token: 't1', name: 'Ann', position: 1, waiting: 1, needed: 2 }), {
    type: 'start',
    gameId: 'g1',
    seat: 0,
    token: 't1',
    name: 'Ann',
    suspect: 'Miss Scarlet',
    seats: [],
    board,
  });
  const fresh = clueGame.view(freshState(), 0);
  const view = (toAct: number, phase: UpdateMessage['view']['phase']) => ({ ...fresh, toAct, phase }) as unknown as UpdateMessage['view'];
  const update = (toAct: number, phase: UpdateMessage['view']['phase'], n: number[] = [], seats: UpdateMessage['seats'] = []): ServerMessage => ({
    type: 'update',
    gameId: 'g1',
    view: view(toAct, phase),
    events: n.map((i) => ({ n: i, event: { type: 'passed', seat: 1, reason: 'pass' } as const, line: `line ${i}` })),
    seats,
    status: '',
  });
  const prompt: YourTurnMessage = { type: 'yourTurn', gameId: 'g1', phase: 'start', prompt: 'Move', moves: [], suggest: null, accuse: null, pass: false, show: [] };

  test('a prompt stands through an update that leaves me to act in its phase, and goes when the phase or the actor changes', () => {
    const prompted = receive(receive(started, update(0, 'start', [0])), prompt);
    expect(prompted.turn).toBe(prompt);
    expect(receive(prompted, update(0, 'start')).turn).toBe(prompt);
    expect(receive(prompted, update(0, 'end')).turn).toBeNull();
    expect(receive(prompted, update(1, 'start')).turn).toBeNull();
  });

  test('a sent action waits for the answer; a refusal gives the controls back with its line', () => {
    const waiting = sending(receive(receive(started, update(0, 'start')), prompt));
    expect(waiting.sent).toBe(true);
    const refused = receive(waiting, { type: 'error', code: 'rule', message: 'You cannot move there: the hallway is taken.' });
    expect(refused.sent).toBe(false);
    expect(refused.turn).toBe(prompt);
    expect(refused.notices.at(-1)).toEqual({ text: 'You cannot move there: the hallway is taken.', error: true });
  });

  test('events are kept by their index; a rejoin (start again) takes the whole notebook afresh', () => {
    const some = receive(receive(started, update(1, 'start', [0, 1])), update(1, 'start', [2]));
    expect(some.events.map((e) => e.line)).toEqual(['line 0', 'line 1', 'line 2']);
    const rejoined = receive(some, { type: 'start', gameId: 'g1', seat: 0, token: 't1', name: 'Ann', suspect: 'Miss Scarlet', seats: [], board });
    expect(rejoined.events).toEqual([]);
    expect(receive(rejoined, update(1, 'start', [0, 1, 2])).events.map((e) => e.n)).toEqual([0, 1, 2]);
  });

  test('a hello of another protocol version (or none) stops the page: nothing after it changes the model', () => {
    const hello: HelloMessage = { type: 'hello', protocol: 1, game: 'clue', variant: 'clueless', players: [3, 6], rules: VARIANTS.clueless.rules, countdownSeconds: 15, graceSeconds: 30, turnSeconds: 0, limits: { maxMessageBytes: 4096, messagesPerSecond: 20, burst: 40 } };
    expect(receive(initialModel(), hello).stage).toEqual({ kind: 'lobby' });
    const newer = receive(initialModel(), { ...hello, protocol: 2 } as unknown as ServerMessage);
    expect(newer.stage).toEqual({ kind: 'incompatible', server: '2' });
    expect(newer.hello).toBeNull();
    expect(receive(newer, { type: 'queued', token: 't1', name: 'Ann', position: 1, waiting: 1, needed: 2 })).toBe(newer);
    const { protocol: _, ...older } = hello;
    expect(receive(initialModel(), older as unknown as ServerMessage).stage).toEqual({ kind: 'incompatible', server: 'none' });
    // A mid-game hello (the connection came back) from a server replaced by another version stops it too.
    expect(receive(started, { ...hello, protocol: '1.1' } as unknown as ServerMessage).stage).toEqual({ kind: 'incompatible', server: '"1.1"' });
  });

  test('my seat taken over by a System Player (turn time): the prompt goes, and the model says so until the game ends', () => {
    const seats = (kind: 'person' | 'system') => [0, 1, 2].map((seat) => ({ seat, name: `P${seat}`, suspect: 'Miss Scarlet', kind: seat === 0 ? kind : ('person' as const), connected: true }));
    const prompted = receive(receive(started, update(0, 'start', [0], seats('person'))), prompt);
    expect(seatTakenOver(prompted)).toBe(false);
    const replaced = receive(prompted, update(0, 'start', [], seats('system')));
    expect(replaced.turn).toBeNull();
    expect(seatTakenOver(replaced)).toBe(true);
    const file = { suspect: 'Mrs. White', weapon: 'Knife', room: 'Study' };
    const over = receive(replaced, { type: 'gameOver', gameId: 'g1', winner: 1, winnerName: 'P1', reason: 'solved', caseFile: file, outcome: { winners: [1], rank: [2, 1, 2] }, record: 'r.json' });
    expect(seatTakenOver(over)).toBe(false);
    expect(gameOverVerdict(over)).toBe('P1 solved the case.');
    // My seat won after the System Player took it: that was not my win.
    const wonForMe = receive(replaced, { type: 'gameOver', gameId: 'g1', winner: 0, winnerName: 'P0', reason: 'solved', caseFile: file, outcome: { winners: [0], rank: [1, 2, 2] }, record: 'r.json' });
    expect(gameOverVerdict(wonForMe)).toBe('The System Player that took your seat solved the case.');
    const won = receive(prompted, { type: 'gameOver', gameId: 'g1', winner: 0, winnerName: 'P0', reason: 'solved', caseFile: file, outcome: { winners: [0], rank: [1, 2, 2] }, record: 'r.json' });
    expect(gameOverVerdict(won)).toBe('You solved the case!');
  });

  test('the countdown runs on the page’s own clock from the seconds the server said are left, whatever the server clock says', () => {
    const countdown: ServerMessage = { type: 'countdown', seconds: 12.5, startsAt: Date.now() + 3_600_000, waiting: 3, names: ['Ann', 'Bob', 'Cid'] };
    expect(receive(started, countdown, 1000).stage).toEqual({ kind: 'countdown', endsAt: 13_500, names: ['Ann', 'Bob', 'Cid'] });
  });

  test('the pawns and weapons the latest update moved are marked, and stay marked through updates that move nothing', () => {
    const seen = (n: number, event: Record<string, unknown>) => ({ n, event: event as unknown as ClueEvent, line: '' });
    const moving: ServerMessage = {
      type: 'update',
      gameId: 'g1',
      view: view(1, 'start'),
      events: [
        seen(0, { type: 'moved', seat: 1, suspect: 'Colonel Mustard', from: 'Lounge', destination: 'Hall-Lounge', by: 'step' }),
        seen(1, { type: 'suggested', seat: 2, suspect: 'Miss Scarlet', weapon: 'Rope', room: 'Study', suspectFrom: 'Hall', weaponFrom: 'Lounge', passed: [], refuter: null }),
        seen(2, { type: 'suggested', seat: 2, suspect: 'Mrs. White', weapon: 'Knife', room: 'Study', suspectFrom: null, weaponFrom: null, passed: [], refuter: null }),
      ],
      seats: [],
      status: '',
    };
    const moved = receive(started, moving);
    expect(moved.moved).toEqual({ pawns: ['Colonel Mustard', 'Miss Scarlet'], weapons: ['Rope'] });
    expect(receive(moved, update(1, 'start', [3])).moved).toBe(moved.moved);
    expect(receive(moved, { ...(moving as UpdateMessage), events: [seen(4, { type: 'moved', seat: 0, suspect: 'Mr. Green', from: 'Study', destination: 'Study-Hall', by: 'step' })] }).moved).toEqual({ pawns: ['Mr. Green'], weapons: [] });
  });

  test('the case file reaches the model from my own accusation and from the end only', () => {
    const accused = receive(started, { type: 'accusation', gameId: 'g1', seat: 1, name: 'Bob', suspect: 'Mr. Green', weapon: 'Rope', room: 'Hall', correct: false });
    expect(accused.caseFile).toBeNull();
    expect(accused.notices.at(-1)!.text).toBe('Bob accused Mr. Green with the Rope in the Hall: accused wrongly.');
    const file = { suspect: 'Mrs. White', weapon: 'Knife', room: 'Study' };
    expect(receive(started, { type: 'accusation', gameId: 'g1', seat: 0, name: 'Ann', ...file, correct: true, caseFile: file }).caseFile).toEqual(file);
  });
});

/** A fresh three-seat Clue-Less state (its view gives the update messages their shape). */
function freshState() {
  return replayedState({ schema: 1, game: 'clue', variant: 'clueless', config: {}, seed: 'model', index: 0, seats: ['A', 'B', 'C'].map((name) => ({ name, bot: 'person' })), steps: [], outcome: null });
}
