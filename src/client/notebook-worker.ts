// The deduction grid is computed here, off the page's thread: an exact count can take a tenth of
// a second late in a game, and the page stays responsive meanwhile (C.1). The server's own
// `seatNotebook` is used as it is, so the grid is the one a System Player reasons from.
import { seatNotebook } from '../server/notebook-grid.js';
import type { AidRequest, AidAnswer } from './aid-worker.js';

/** The worker's global scope, as much of it as is used (the page's DOM typings describe a window). */
const scope = self as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<AidRequest>) => void): void;
  postMessage(answer: AidAnswer): void;
};

scope.addEventListener('message', (event) => {
  const { id, input } = event.data;
  let answer: AidAnswer;
  try {
    answer = { id, result: seatNotebook(input.view, input.names) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(answer);
});
