/**
 * The thread that owns a bot's process, so that the game thread can block on `Atomics.wait` while
 * this one's event loop reads the bot's output. It splits stdout into lines (partial lines are
 * joined, a line longer than the limit is dropped as it streams, never held whole), keeps only the
 * last bytes of stderr, and hands one line (or the process's exit) to each `want` of the game thread.
 * What the bot writes while no line is wanted is held up to a bound (UNASKED); past it the bot is
 * ended, so that a bot cannot fill parlor's memory.
 *
 * Every bot process leads its own process group, and the group is ended whichever way the bot's
 * part ends: SIGKILL on a fault; on `close`, `bye` and the end of stdin, then SIGTERM to what is
 * left and SIGKILL after a grace; at a memory cap. A watchdog (a shell outside the group, reading
 * a pipe that only parlor holds) ends the group if parlor itself goes first, however it goes.
 *
 * It is plain JavaScript run with `eval`, so that it starts in milliseconds the same way from dist/
 * and from the TypeScript sources (a .ts thread would load a TypeScript loader first, ~1 s each).
 * Its constants come in `workerData` from channel-layout.ts.
 */
export const IO_THREAD_SOURCE = String.raw`
'use strict';
const { spawn } = require('node:child_process');
const { readdirSync, readFileSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { command, control, data, lineBytes, stderrBytes, memoryBytes, CONTROL, DELIVERY, TIMES, UNASKED } = workerData;
const ctrl = new Int32Array(control);
const bytes = new Uint8Array(data);

// Waits for its stdin to end, which only parlor holds open: then ends the bot's group, SIGTERM and
// SIGKILL half a second later. It is killed unused when parlor ends the group itself.
const WATCHDOG = 'read line; kill -TERM -$1 2>/dev/null || exit 0; i=0; while [ $i -lt 10 ] && kill -0 -$1 2>/dev/null; do sleep 0.05; i=$((i+1)); done; kill -KILL -$1 2>/dev/null';

let bot = null; // { proc, group, watchdog, gone, onGone, sampler }: the process whose lines are delivered
let generation = 0;
let queue = [];
let exited = null;
let waiting = 0;
let stderr = Buffer.alloc(0);
// What the bot wrote since the game thread last asked, counted while it was not waiting.
let unasked = { bytes: 0, lines: 0 };

function deliver(seq, delivery) {
  const encoded = Buffer.from(delivery.text, 'utf8');
  const length = Math.min(encoded.length, bytes.length);
  bytes.set(encoded.subarray(0, length));
  Atomics.store(ctrl, CONTROL.kind, delivery.kind);
  Atomics.store(ctrl, CONTROL.length, length);
  Atomics.store(ctrl, CONTROL.done, seq);
  Atomics.notify(ctrl, CONTROL.done);
}

function push(delivery) {
  if (waiting !== 0) {
    deliver(waiting, delivery);
    waiting = 0;
  } else {
    queue.push(delivery);
  }
}

function stderrTail() {
  const text = stderr.toString('utf8').trim();
  return text === '' ? '' : '; stderr ends: ' + text.slice(-300);
}

function signalGroup(group, signal) {
  try {
    process.kill(-group, signal);
  } catch {
    // The group is gone.
  }
}

// The live (not zombie) processes of a group, from /proc; null where there is no /proc.
function groupMembers(group) {
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const members = [];
  for (const entry of entries) {
    if (entry.charCodeAt(0) > 57) continue;
    let stat;
    try {
      stat = readFileSync('/proc/' + entry + '/stat', 'latin1');
    } catch {
      continue;
    }
    // After the command's name in parentheses: the state, the parent, the group.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ', 3);
    if (Number(fields[2]) === group && fields[0] !== 'Z' && fields[0] !== 'X') members.push(entry);
  }
  return members;
}

function groupAlive(group) {
  const members = groupMembers(group);
  if (members !== null) return members.length > 0;
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

function residentBytes(members) {
  let total = 0;
  for (const pid of members) {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/' + pid + '/status', 'latin1'));
      if (kb !== null) total += Number(kb[1]) * 1024;
    } catch {
      // It ended meanwhile.
    }
  }
  return total;
}

// No more from this process: its delivery (if it was the current one), its sampler, its watchdog.
function release(me) {
  if (bot === me) {
    bot = null;
    generation = 0;
  }
  clearInterval(me.sampler);
  me.proc.stdout.destroy();
  me.proc.stderr.destroy();
  if (me.watchdog !== null) me.watchdog.kill('SIGKILL');
}

// A fault's end: the group is killed at once, its state unknown.
function killNow(me) {
  me.proc.stdin.destroy();
  signalGroup(me.group, 'SIGKILL');
  release(me);
}

// A normal end: SIGTERM to whatever is left of the group, SIGKILL to what outlives the grace; done
// once none of it is left (or it had its time to die).
function endGroup(me, done) {
  signalGroup(me.group, 'SIGTERM');
  const killAt = Date.now() + TIMES.termGraceMs;
  let killed = false;
  const check = () => {
    const alive = groupAlive(me.group);
    if (alive && !killed && Date.now() >= killAt) {
      signalGroup(me.group, 'SIGKILL');
      killed = true;
    }
    if (alive && Date.now() < killAt + TIMES.killWaitMs) return void setTimeout(check, 20);
    release(me);
    done();
  };
  setTimeout(check, 10);
}

// The current process is stopped before it ends: every later want gets this delivery.
function stop(me, delivery) {
  exited = delivery;
  Atomics.store(ctrl, CONTROL.exited, generation);
  killNow(me);
  if (waiting !== 0) push(exited);
}

function countUnasked(me, length, lines) {
  unasked.bytes += length;
  unasked.lines += lines;
  if (unasked.bytes > lineBytes + UNASKED.slackBytes || unasked.lines > UNASKED.lines) {
    queue = [];
    stop(me, { kind: DELIVERY.flood, text: String(unasked.bytes) });
  }
}

function sampleMemory(me) {
  const members = groupMembers(me.group);
  if (members === null || bot !== me) return;
  const used = residentBytes(members);
  if (used <= memoryBytes) return;
  const mb = (n) => Math.round(n / 1048576);
  stop(me, { kind: DELIVERY.exit, text: 'was ended: its process group held ' + mb(used) + ' MB, over its memoryMb cap of ' + mb(memoryBytes) + stderrTail() });
}

function start(mine) {
  generation = mine;
  queue = [];
  exited = null;
  stderr = Buffer.alloc(0);
  unasked = { bytes: 0, lines: 0 };
  // Its own process group, so that an end reaches whatever the shell started.
  const proc = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  const group = proc.pid;
  let watchdog = null;
  if (group !== undefined) {
    watchdog = spawn('/bin/sh', ['-c', WATCHDOG, 'parlor-watchdog', String(group)], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    watchdog.on('error', () => {});
    watchdog.stdin.on('error', () => {});
  }
  const me = { proc, group, watchdog, gone: group === undefined, onGone: null, sampler: undefined };
  bot = me;
  if (memoryBytes > 0 && group !== undefined) me.sampler = setInterval(() => sampleMemory(me), TIMES.memorySampleMs);
  const parts = [];
  let partLength = 0;
  let tooLong = false;
  proc.stdout.on('data', (chunk) => {
    if (bot !== me) return;
    let from = 0;
    for (let at = chunk.indexOf(10); at !== -1 && bot === me; at = chunk.indexOf(10, from)) {
      const piece = chunk.subarray(from, at);
      const asked = waiting !== 0;
      if (tooLong || partLength + piece.length > lineBytes) {
        push({ kind: DELIVERY.long, text: String(partLength + piece.length) });
      } else {
        const text = (parts.length === 0 ? piece : Buffer.concat([...parts, piece])).toString('utf8').replace(/\r$/, '');
        if (text.trim() !== '') push({ kind: DELIVERY.line, text });
      }
      parts.length = 0;
      partLength = 0;
      tooLong = false;
      if (!asked) countUnasked(me, at + 1 - from, 1);
      from = at + 1;
    }
    if (bot !== me) return;
    const rest = chunk.subarray(from);
    partLength += rest.length;
    if (partLength > lineBytes) {
      tooLong = true;
      parts.length = 0;
    } else if (rest.length > 0) {
      parts.push(Buffer.from(rest));
    }
    if (waiting === 0) countUnasked(me, rest.length, 0);
  });
  proc.stderr.on('data', (chunk) => {
    if (bot !== me || stderrBytes === 0) return;
    stderr = Buffer.concat([stderr, chunk]);
    if (stderr.length > stderrBytes) stderr = stderr.subarray(stderr.length - stderrBytes);
  });
  // A bot that stops reading must not bring this thread down: its writes simply fail.
  proc.stdin.on('error', () => {});
  proc.on('exit', () => {
    me.gone = true;
    if (me.onGone !== null) me.onGone();
  });
  const onExit = (detail) => {
    if (bot !== me || exited !== null) return;
    exited = { kind: DELIVERY.exit, text: detail + stderrTail() };
    Atomics.store(ctrl, CONTROL.exited, mine);
    if (waiting !== 0) push(exited);
  };
  proc.on('error', (error) => onExit('could not start: ' + error.message));
  proc.on('close', (code, signal) => onExit(signal !== null ? 'exited on signal ' + signal : 'exited with code ' + code));
}

// The last text, the end of stdin, time to exit, then the end of the group; 'closed' for the game thread.
function close(text) {
  const closed = () => {
    Atomics.store(ctrl, CONTROL.closed, 1);
    Atomics.notify(ctrl, CONTROL.closed);
  };
  const me = bot;
  if (me === null) return closed();
  generation = 0;
  bot = null;
  clearInterval(me.sampler);
  if (me.group === undefined) {
    release(me);
    return closed();
  }
  if (me.gone) return endGroup(me, closed);
  const timer = setTimeout(() => endGroup(me, closed), TIMES.byeGraceMs);
  me.onGone = () => {
    clearTimeout(timer);
    endGroup(me, closed);
  };
  me.proc.stdin.end(text);
}

parentPort.on('message', (request) => {
  switch (request.op) {
    case 'start':
      if (bot !== null) killNow(bot);
      start(request.generation);
      break;
    case 'send':
      if (bot !== null && exited === null) bot.proc.stdin.write(request.text);
      break;
    case 'want': {
      unasked = { bytes: 0, lines: 0 };
      const next = queue.shift() ?? exited;
      if (next !== undefined && next !== null) deliver(request.seq, next);
      else waiting = request.seq;
      break;
    }
    case 'close':
      close(request.text);
      break;
    case 'kill':
      if (bot !== null) killNow(bot);
      break;
  }
});
`;
