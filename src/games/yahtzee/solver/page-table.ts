/**
 * The optimal bot's table in a web page: built in a Web Worker, so that the page stays responsive
 * for the second or two it takes, or in the page's own thread where no worker can start. Nothing
 * here may reach a Node built-in.
 */
import { buildTableSync } from './layers.js';
import { hasSharedTable, OptimalTable, sharedTable, shareTable } from './table.js';

/** The name a table worker is started with: the module it loads builds the table when it sees it. */
const WORKER_NAME = 'parlor-yahtzee-table';

interface TableWorker {
  onmessage: ((message: { data: unknown }) => void) | null;
  onerror: ((error: unknown) => void) | null;
  terminate(): void;
}

interface PageScope {
  readonly WorkerGlobalScope?: unknown;
  readonly name?: unknown;
  readonly Worker?: new (url: string, options: { type: 'module'; name: string }) => TableWorker;
  postMessage?(message: unknown, transfer: readonly unknown[]): void;
}

const scope = globalThis as PageScope;

// Started by prepareTable from a module that holds this one, this worker builds the table and hands it back.
if (scope.WorkerGlobalScope !== undefined && scope.name === WORKER_NAME) {
  const values = buildTableSync();
  scope.postMessage?.(values, [values.buffer]);
}

/** The table's values from a worker that loads `moduleUrl`, or undefined when none could be started or it failed. */
function builtInWorker(moduleUrl: string): Promise<Float64Array | undefined> {
  if (scope.Worker === undefined) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let worker: TableWorker;
    try {
      worker = new scope.Worker!(moduleUrl, { type: 'module', name: WORKER_NAME });
    } catch {
      resolve(undefined);
      return;
    }
    const done = (values: Float64Array | undefined): void => {
      worker.terminate();
      resolve(values);
    };
    worker.onmessage = (message) => done(message.data instanceof Float64Array ? message.data : undefined);
    worker.onerror = () => done(undefined);
  });
}

/** Where the table was made, and the seconds the caller waited for it. */
export interface TableReady {
  readonly built: 'already' | 'worker' | 'thread';
  readonly seconds: number;
}

/**
 * Readies the optimal bot's table before its first decision, which otherwise builds it on the
 * spot: in a Web Worker started from `moduleUrl` (a module holding this one: the module
 * `parlor export-bot` writes passes its own URL) where the page can start one, else in this thread
 * (in Node: from the disk cache, when load.ts is loaded).
 */
export async function prepareTable(moduleUrl?: string): Promise<TableReady> {
  if (hasSharedTable()) return { built: 'already', seconds: 0 };
  const started = performance.now();
  const values = moduleUrl === undefined ? undefined : await builtInWorker(moduleUrl);
  if (values !== undefined) shareTable(new OptimalTable(values));
  else sharedTable();
  return { built: values !== undefined ? 'worker' : 'thread', seconds: (performance.now() - started) / 1000 };
}
