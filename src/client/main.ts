import type { ClueAction } from '../games/clue/actions.js';
import { rulesChanged } from '../games/clue/rule-words.js';
import { VARIANTS } from '../games/clue/rules.js';
import type { NotebookResult } from '../notebook/solve-notebook.js';
import type { ServerMessage } from '../server/messages.js';
import { cluelessBoard } from '../drawing/clueless-board.js';
import { Connection, socketUrl } from './connection.js';
import { el, Part } from '../drawing/dom.js';
import { disconnected, gameOverVerdict, initialModel, left, receive, seatTakenOver, sending, type ClientModel } from './model.js';
import { PROTOCOL_VERSION } from '../server/protocol-version.js';
import { aidInput } from './aid-input.js';
import { AidWorker } from './aid-worker.js';
import { stored } from './storage.js';
import { handView, logView, seatsView } from './table-view.js';
import { clueGrid } from '../drawing/clue-grid.js';
import { compactGrid } from '../drawing/compact-grid.js';
import { noPicks, turnView } from './turn-view.js';

function part(id: string): Part {
  const root = document.getElementById(id);
  if (root === null) throw new Error(`index.html has no #${id}`);
  return new Part(root);
}

const parts = {
  connection: part('connection'),
  whoami: part('whoami'),
  status: part('status'),
  notices: part('notices'),
  lobby: part('lobby'),
  board: part('board'),
  turn: part('turn'),
  seats: part('seats'),
  hand: part('hand'),
  notebook: part('notebook'),
  log: part('log'),
};

const token = stored(sessionStorage, 'parlor.token');
const savedName = stored(localStorage, 'parlor.name');
const aidShown = stored(localStorage, 'parlor.aid');

let model: ClientModel = initialModel();
let online = false;
/** A `reconnect` was sent and not yet answered: its refusal sends us back to the lobby. */
let reconnecting = false;
/** What to do when the connection comes back while I was queued: queue again. */
let queuedWhenDropped = false;
const picks = noPicks();
/** The deduction grid: the latest answer, and what it was last asked for (game, names, events seen). */
let aid: ({ result: NotebookResult } | { error: string }) & { events: number } | null = null;
let aidAsked: { game: string; seen: string; events: number } | null = null;
const aidWorker = new AidWorker('notebook-worker.js', (answer) => {
  // The worker answers the latest request only: the one asked last.
  aid = { ...answer, events: aidAsked?.events ?? 0 };
  draw();
});

const connection = new Connection(socketUrl(location), {
  message: onMessage,
  state(open, final) {
    online = open;
    if (!open) {
      queuedWhenDropped = model.stage.kind === 'queued' || model.stage.kind === 'countdown';
      model = disconnected(model);
      if (final) model = { ...model, notices: [...model.notices, { text: 'This page is no longer connected (another page took the seat, or the server cut it off): reload to play again.', error: true }] };
    }
    draw();
  },
});

function onMessage(message: ServerMessage): void {
  if (message.type === 'error' && reconnecting && (message.code === 'bad-token' || message.code === 'seat-taken-over')) {
    token.clear();
    reconnecting = false;
    model = left(receive(model, message));
    return draw();
  }
  model = receive(model, message);
  if (model.stage.kind === 'incompatible') {
    // Nothing this page would send could be understood: it does not join, and does not come back.
    connection.stop();
    online = false;
    return draw();
  }
  if (message.type === 'hello') greet();
  if (message.type === 'start') {
    reconnecting = false;
    token.set(message.token);
  }
  if (message.type === 'gameOver') token.clear();
  draw();
}

/** The server said hello (first load, reload, or the connection came back): take back what was mine. */
function greet(): void {
  const held = model.token ?? token.get();
  if (held !== null && (model.game !== null || model.stage.kind === 'lobby') && model.stage.kind !== 'over') {
    reconnecting = true;
    connection.send({ type: 'reconnect', token: held });
  } else if (queuedWhenDropped) {
    join();
  }
  queuedWhenDropped = false;
}

function join(): void {
  const name = (document.querySelector<HTMLInputElement>('#name')?.value ?? savedName.get() ?? '').trim();
  if (name !== '') savedName.set(name);
  model = left(model);
  connection.send({ type: 'join', ...(name !== '' ? { name } : {}) });
}

/** Leave was clicked during a game: the page asks first, since a System Player takes the seat at once and for good. */
let confirmingLeave = false;

function leave(): void {
  confirmingLeave = false;
  connection.send({ type: 'leave' });
  token.clear();
  model = left(model);
  draw();
}

/** My seat went to a System Player: give the watched game up, and queue for a new one. */
function newGame(): void {
  connection.send({ type: 'leave' });
  token.clear();
  join();
}

function act(action: ClueAction): void {
  if (model.token === null || model.sent) return;
  if (connection.send({ type: 'action', token: model.token, action })) model = sending(model);
  draw();
}

function move(node: string): void {
  const option = model.turn?.moves.find((m) => m.action.to === node);
  if (option !== undefined) act(option.action);
}

function secondsLeft(endsAt: number): number {
  return Math.max(0, Math.ceil((endsAt - performance.now()) / 1000));
}

/** The rules this server plays by where they are not Clue-Less's own (its hello says which), one line each. */
function houseRules(): HTMLElement[] {
  const changed = model.hello === null ? [] : rulesChanged(model.hello.rules, VARIANTS.clueless.rules);
  return changed.length === 0 ? [] : [el('div', { class: 'house-rules' }, el('h3', {}, 'House rules on this server'), el('ul', {}, ...changed.map((line) => el('li', {}, line))))];
}

function lobbyView(): (Node | string)[] {
  const stage = model.stage;
  const nameField = el('input', { id: 'name', name: 'name', maxlength: 256, placeholder: 'Your name', value: model.name ?? savedName.get() ?? '', autocomplete: 'nickname' });
  const joinForm = (label: string): HTMLElement => el('form', { class: 'join', onsubmit: (event) => (event.preventDefault(), join()) }, nameField, el('button', { type: 'submit', class: 'primary', disabled: !online }, label));
  switch (stage.kind) {
    case 'connecting':
      return [el('p', {}, 'Connecting to the server…')];
    case 'lobby':
      return [el('h2', {}, 'Join a game'), el('p', {}, `A game starts when ${model.hello?.players[0] ?? 3} people wait (up to ${model.hello?.players[1] ?? 6}).`), ...houseRules(), joinForm('Join')];
    case 'queued':
      return [
        el('h2', {}, 'Waiting for players'),
        el('p', { class: 'queue' }, `You are number ${stage.position} in the queue; ${stage.waiting} waiting${stage.needed > 0 ? `, ${stage.needed} more needed` : ''}.`),
        el('button', { type: 'button', class: 'leave', onclick: leave }, 'Leave the queue'),
      ];
    case 'countdown':
      return [
        el('h2', {}, 'The game is about to start'),
        el('p', { class: 'countdown' }, `Starting in ${secondsLeft(stage.endsAt)} s with ${stage.names.join(', ')}.`),
        el('button', { type: 'button', class: 'leave', onclick: leave }, 'Leave the queue'),
      ];
    case 'over': {
      const end = model.end!;
      const file = end.caseFile;
      return [
        el('h2', { class: 'game-over' }, `Game over: ${gameOverVerdict(model)}`),
        el('p', { class: 'case-file' }, `It was ${file.suspect} with the ${file.weapon} in the ${file.room}.`),
        el('p', { class: 'hint' }, `Record: ${end.record}`),
        joinForm('Play again'),
      ];
    }
    case 'playing':
      if (!seatTakenOver(model)) return [];
      return [
        el('h2', { class: 'taken-over' }, 'A System Player plays your seat now'),
        el('p', {}, 'You did not act in time, so the server gave your seat to a System Player for the rest of this game. You can watch it to the end here, or join a new game.'),
        el('button', { type: 'button', class: 'primary new-game', disabled: !online, onclick: newGame }, 'Join a new game'),
      ];
    case 'incompatible':
      return [
        el('h2', { class: 'incompatible' }, 'This page cannot play on this server'),
        el('p', {}, `The server speaks version ${stage.server} of the game protocol; this page speaks version ${PROTOCOL_VERSION}. Reload the page to get the server's own client (clear the browser's cache if this stays).`),
      ];
  }
}

/** Asks the worker for the grid when it is shown and what it is computed from changed. */
function askForAid(): void {
  const input = aidShown.get() === 'on' ? aidInput(model) : null;
  if (input === null) return;
  const game = model.game!.id;
  const seen = `${input.names.join('\n')}\n${input.view.notebook.length}`;
  if (aidAsked?.game === game && aidAsked.seen === seen) return;
  if (aidAsked?.game !== game) aid = null;
  aidAsked = { game, seen, events: input.view.notebook.length };
  aidWorker.solve(input);
}

function notebookPart(): HTMLElement[] {
  const shown = aidShown.get() === 'on';
  const toggle = el(
    'label',
    { class: 'toggle' },
    el('input', { type: 'checkbox', id: 'aid', checked: shown, onchange: (event) => (aidShown.set((event.target as HTMLInputElement).checked ? 'on' : 'off'), draw()) }),
    ' Show the deduction grid',
  );
  const heading = [el('h2', {}, 'Notebook'), toggle];
  if (!shown || model.game === null) return heading;
  if (aid === null) return [...heading, el('p', { class: 'hint' }, 'Working out the grid…')];
  if ('error' in aid) return [...heading, el('p', { class: 'error' }, aid.error)];
  const cards = model.game.board.cards;
  const grid = compactGrid(aid.result, [...cards.suspects, ...cards.weapons, ...cards.rooms]);
  const drawn = grid === null ? el('p', { class: 'error' }, aid.result.consistent ? '' : aid.result.message) : clueGrid(grid, cards);
  return [...heading, el('div', { class: 'aid', 'data-events': aid.events }, drawn)];
}

/** The Leave button, or the question it asks before a seat is given up for good. */
function leaveControl(): HTMLElement {
  if (!confirmingLeave) return el('button', { type: 'button', class: 'leave', onclick: () => ((confirmingLeave = true), draw()) }, 'Leave the game');
  return el(
    'div',
    { class: 'confirm' },
    el('p', {}, 'Leave the game? A System Player plays your seat to the end, and you cannot come back to it.'),
    el('button', { type: 'button', class: 'confirm-leave danger', onclick: leave }, 'Leave the game'),
    el('button', { type: 'button', class: 'cancel-leave', onclick: () => ((confirmingLeave = false), draw()) }, 'Stay'),
  );
}

let ticking: ReturnType<typeof setInterval> | null = null;

function draw(): void {
  const m = model;
  const game = m.game;
  document.body.dataset['stage'] = m.stage.kind;
  document.body.dataset['myTurn'] = String(m.turn !== null && !m.sent);
  parts.connection.draw([online], () => [online ? 'connected' : 'offline']);
  parts.whoami.draw([m.name, game], () => [m.name === null ? '' : `${m.name}${game === null ? '' : `, playing ${game.suspect}`}`]);
  // Once the game is over the lobby's heading says how it ended: the status line would repeat it.
  parts.status.draw([m.status, m.stage.kind], () => [m.stage.kind === 'over' ? '' : m.status]);
  parts.notices.draw([m.notices], () => m.notices.slice(-4).map((n) => el('li', { class: n.error ? 'error' : '' }, n.text)));
  const countdown = m.stage.kind === 'countdown';
  parts.lobby.draw([m.stage, seatTakenOver(m), online, m.end, countdown ? Math.floor(Date.now() / 1000) : 0], lobbyView);
  if (countdown && ticking === null) ticking = setInterval(draw, 250);
  if (!countdown && ticking !== null) (clearInterval(ticking), (ticking = null));
  const targets = new Map(m.turn === null || m.sent ? [] : m.turn.moves.map((option) => [option.action.to, option.label]));
  parts.board.draw([game, m.view, m.turn, m.sent, m.moved], () => (game === null ? [] : [cluelessBoard(game.board, m.view, m.view, m.moved, targets, move)]));
  parts.turn.draw([m.turn, m.sent, m.disprove, picks.confirming], () => (m.turn === null ? [] : turnView(m, m.turn, picks, act, draw)));
  if (m.stage.kind !== 'playing' || seatTakenOver(m)) confirmingLeave = false;
  parts.seats.draw([m.seats, m.view, m.stage.kind, confirmingLeave], () => (m.seats.length === 0 ? [] : [el('h2', {}, 'Players'), seatsView(m.seats, m.view, game?.seat ?? null), game !== null && m.stage.kind === 'playing' && !seatTakenOver(m) && leaveControl()]));
  parts.hand.draw([m.view?.hand, m.caseFile], () =>
    m.view === null ? [] : [el('h2', {}, 'Your cards'), handView(m.view.hand), m.caseFile !== null && el('p', { class: 'case-file' }, `Case file: ${m.caseFile.suspect}, ${m.caseFile.weapon}, ${m.caseFile.room}`)],
  );
  askForAid();
  parts.notebook.draw([game, aid, aidShown.get()], () => (game === null ? [] : notebookPart()));
  parts.log.draw([m.events, m.seats], () => (m.events.length === 0 ? [] : [el('h2', {}, 'What you have seen'), logView(m.events, m.seats, game?.seat ?? null)]));
}

draw();
