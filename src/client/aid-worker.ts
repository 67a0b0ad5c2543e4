import type { NotebookResult } from '../notebook/solve-notebook.js';
import type { AidInput } from './aid-input.js';

export interface AidRequest {
  readonly id: number;
  readonly input: AidInput;
}

export type AidAnswer = { readonly id: number; readonly result: NotebookResult } | { readonly id: number; readonly error: string };

/**
 * The page's side of the deduction worker: started the first time the grid is wanted (the
 * deduction library is loaded only then), it answers the latest request only.
 */
export class AidWorker {
  private worker: Worker | null = null;
  private asked = 0;

  constructor(
    private readonly url: string,
    private readonly answered: (answer: { result: NotebookResult } | { error: string }) => void,
  ) {}

  solve(input: AidInput): void {
    if (this.worker === null) {
      this.worker = new Worker(this.url, { type: 'module' });
      this.worker.addEventListener('message', (event: MessageEvent<AidAnswer>) => {
        if (event.data.id === this.asked) this.answered(event.data);
      });
      this.worker.addEventListener('error', (event) => this.answered({ error: `the deduction grid could not be computed: ${event.message}` }));
    }
    this.worker.postMessage({ id: ++this.asked, input } satisfies AidRequest);
  }
}
