import cliProgress from 'cli-progress';

/** Where a run reports how far it is. */
export interface ProgressSink {
  start(total: number, done: number): void;
  update(done: number): void;
  stop(): void;
}

export const silentProgress: ProgressSink = { start() {}, update() {}, stop() {} };

/** Seconds as "1 h 02 min", "3 min 05 s" or "12 s". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${s} s`;
}

/** A bar with games done, games/s and ETA, redrawn in place on a terminal. */
function barProgress(stream: NodeJS.WriteStream): ProgressSink {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: 'games {bar} {value}/{total} | {rate} games/s | ETA {etaText}',
      fps: 5,
      hideCursor: false,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let startedAt = 0;
  let startDone = 0;
  let total = 0;
  const payload = (done: number) => {
    const seconds = (performance.now() - startedAt) / 1000;
    const rate = seconds > 0 ? (done - startDone) / seconds : 0;
    return { rate: Math.round(rate), etaText: rate > 0 ? formatDuration((total - done) / rate) : '?' };
  };
  return {
    start(t, done) {
      total = t;
      startDone = done;
      startedAt = performance.now();
      bar.start(t, done, payload(done));
    },
    update: (done) => bar.update(done, payload(done)),
    stop: () => bar.stop(),
  };
}

/** Plain lines, at most one every `everySeconds`, for logs and CI where a bar would be noise. */
function lineProgress(stream: NodeJS.WritableStream, everySeconds: number, verb: string): ProgressSink {
  let startedAt = 0;
  let lastLine = 0;
  let startDone = 0;
  let total = 0;
  return {
    start(t, done) {
      total = t;
      startDone = done;
      startedAt = lastLine = performance.now();
    },
    update(done) {
      const now = performance.now();
      if (now - lastLine < everySeconds * 1000 || done >= total) return;
      lastLine = now;
      const rate = (done - startDone) / ((now - startedAt) / 1000);
      stream.write(`${verb} ${done}/${total} games (${Math.floor((100 * done) / total)}%), ${Math.round(rate)} games/s, ETA ${formatDuration((total - done) / rate)}\n`);
    },
    stop() {},
  };
}

/** A bar on a terminal, plain periodic lines otherwise (`played 500/2000 games ...`, or another `verb`), nothing when quiet. */
export function progressFor(quiet: boolean, stream: NodeJS.WriteStream = process.stderr, verb = 'played'): ProgressSink {
  if (quiet) return silentProgress;
  return stream.isTTY ? barProgress(stream) : lineProgress(stream, 10, verb);
}
