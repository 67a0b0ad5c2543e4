/**
 * The thread that owns a bot's process, so that the game thread can block on `Atomics.wait` while
 * this one's event loop reads the bot's output. It splits stdout into lines (partial lines are
 * joined, a line longer than the limit is dropped as it streams, never held whole), keeps only the
 * last bytes of stderr, and hands one line (or the process's exit) to each `want` of the game thread.
 *
 * It is plain JavaScript run with `eval`, so that it starts in milliseconds the same way from dist/
 * and from the TypeScript sources (a .ts thread would load a TypeScript loader first, ~1 s each).
 * Its constants come in `workerData` from channel-layout.ts.
 */
export const IO_THREAD_SOURCE = String.raw`
'use strict';
const { spawn } = require('node:child_process');
const { parentPort, workerData } = require('node:worker_threads');
const { command, control, data, lineBytes, stderrBytes, CONTROL, DELIVERY } = workerData;
const ctrl = new Int32Array(control);
const bytes = new Uint8Array(data);

let child = null;
let generation = 0; // the game thread's number for the running process: events of older ones are ignored
let queue = [];
let exited = null;
let waiting = 0;
let stderr = Buffer.alloc(0);

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

function start(mine) {
  generation = mine;
  queue = [];
  exited = null;
  stderr = Buffer.alloc(0);
  // Its own process group, so that a kill reaches whatever the shell started.
  const proc = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  child = proc;
  const parts = [];
  let partLength = 0;
  let tooLong = false;
  proc.stdout.on('data', (chunk) => {
    if (mine !== generation) return;
    let from = 0;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, from)) {
      const piece = chunk.subarray(from, at);
      if (tooLong || partLength + piece.length > lineBytes) {
        push({ kind: DELIVERY.long, text: String(partLength + piece.length) });
      } else {
        const text = (parts.length === 0 ? piece : Buffer.concat([...parts, piece])).toString('utf8').replace(/\r$/, '');
        if (text.trim() !== '') push({ kind: DELIVERY.line, text });
      }
      parts.length = 0;
      partLength = 0;
      tooLong = false;
      from = at + 1;
    }
    const rest = chunk.subarray(from);
    partLength += rest.length;
    if (partLength > lineBytes) {
      tooLong = true;
      parts.length = 0;
    } else if (rest.length > 0) {
      parts.push(Buffer.from(rest));
    }
  });
  proc.stderr.on('data', (chunk) => {
    if (mine !== generation || stderrBytes === 0) return;
    stderr = Buffer.concat([stderr, chunk]);
    if (stderr.length > stderrBytes) stderr = stderr.subarray(stderr.length - stderrBytes);
  });
  // A bot that stops reading must not bring this thread down: its writes simply fail.
  proc.stdin.on('error', () => {});
  const onExit = (detail) => {
    if (mine !== generation || exited !== null) return;
    exited = { kind: DELIVERY.exit, text: detail + stderrTail() };
    Atomics.store(ctrl, CONTROL.exited, mine);
    if (waiting !== 0) push(exited);
  };
  proc.on('error', (error) => onExit('could not start: ' + error.message));
  proc.on('close', (code, signal) => onExit(signal !== null ? 'exited on signal ' + signal : 'exited with code ' + code));
}

function kill() {
  if (child === null) return;
  const pid = child.pid;
  generation = 0;
  child.stdin.destroy();
  child.stdout.destroy();
  child.stderr.destroy();
  if (pid !== undefined) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  child = null;
}

parentPort.on('message', (request) => {
  switch (request.op) {
    case 'start':
      kill();
      start(request.generation);
      break;
    case 'send':
      if (child !== null && exited === null) child.stdin.write(request.text);
      break;
    case 'want': {
      const next = queue.shift() ?? exited;
      if (next !== undefined && next !== null) deliver(request.seq, next);
      else waiting = request.seq;
      break;
    }
    case 'close': {
      const closed = () => {
        Atomics.store(ctrl, CONTROL.closed, 1);
        Atomics.notify(ctrl, CONTROL.closed);
      };
      if (child !== null && exited === null) child.stdin.end(request.text, closed);
      else closed();
      break;
    }
    case 'kill':
      kill();
      break;
  }
});
`;
