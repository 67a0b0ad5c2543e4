import { createInterface } from 'node:readline';
import { confirmByLine, InputClosed, type Terminal } from './terminal.js';

/**
 * Input that is not a terminal (a pipe, a file, another program): each answer is one line, and the
 * questions are printed so that a transcript reads as a conversation. Clearing prints a rule
 * instead of escape codes, since nobody sits at a pipe.
 */
export function lineTerminal(input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Terminal {
  const reader = createInterface({ input, terminal: false });
  const lines = reader[Symbol.asyncIterator]();
  const ask = async (question: string, defaultAnswer?: string): Promise<string> => {
    output.write(`${question}${defaultAnswer !== undefined ? ` [${defaultAnswer}]` : ''} > `);
    const next = await lines.next();
    if (next.done === true) {
      output.write('\n');
      throw new InputClosed();
    }
    output.write(`${next.value}\n`);
    return next.value.trim() === '' && defaultAnswer !== undefined ? defaultAnswer : next.value;
  };
  return {
    print: (text) => void output.write(`${text}\n`),
    clear: () => void output.write(`${'-'.repeat(60)}\n`),
    ask,
    confirm: (question, defaultAnswer) => confirmByLine(ask, question, defaultAnswer),
    close: () => reader.close(),
  };
}
