import confirm from '@inquirer/confirm';
import input from '@inquirer/input';
import { CLEAR_SCREEN, InputClosed, type Terminal } from './terminal.js';

/** Inquirer rejects with ExitPromptError when the person presses Ctrl+C or closes the input. */
async function closedOnExit<T>(prompt: Promise<T>): Promise<T> {
  try {
    return await prompt;
  } catch (error) {
    // Inquirer says which: "User force closed the prompt with SIGINT" for Ctrl+C.
    if (error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')) throw new InputClosed(/SIGINT/.test(error.message));
    throw error;
  }
}

/** A real terminal: line editing, defaults and Ctrl+C handling from @inquirer's prompts. */
export function ttyTerminal(): Terminal {
  return {
    print: (text) => void process.stdout.write(`${text}\n`),
    clear: () => void process.stdout.write(CLEAR_SCREEN),
    ask: (message, defaultAnswer) => closedOnExit(input({ message, ...(defaultAnswer !== undefined ? { default: defaultAnswer } : {}) })),
    confirm: (message, defaultAnswer) => closedOnExit(confirm({ message, default: defaultAnswer })),
  };
}
