/**
 * Everything a person's seat needs of a terminal: print, clear, ask. The session speaks only
 * through this, so a test can feed it scripted answers and read back every screen.
 */
export interface Terminal {
  print(text: string): void;
  /** Clears the screen and its scrollback, so the next person cannot scroll back to the last one's cards. */
  clear(): void;
  /** One line of text; Enter alone gives `defaultAnswer` when there is one. */
  ask(question: string, defaultAnswer?: string): Promise<string>;
  confirm(question: string, defaultAnswer: boolean): Promise<boolean>;
  /** Lets go of the input, so that the process can end while more input is waiting. */
  close?(): void;
}

/**
 * The person closed the input (Ctrl+D, the end of a piped script) or interrupted it (Ctrl+C): the
 * session saves and stops.
 */
export class InputClosed extends Error {
  override readonly name = 'InputClosed';

  constructor(readonly interrupted = false) {
    super(interrupted ? 'interrupted' : 'the input was closed');
  }
}

/** "y", "yes", "n", "no" in any case; null for anything else. */
export function parseYesNo(answer: string): boolean | null {
  const word = answer.trim().toLowerCase();
  if (word === 'y' || word === 'yes') return true;
  if (word === 'n' || word === 'no') return false;
  return null;
}

/** A yes/no question over a terminal that only asks for lines, asked again until it gets y or n. */
export async function confirmByLine(ask: (question: string) => Promise<string>, question: string, defaultAnswer: boolean): Promise<boolean> {
  for (;;) {
    const answer = await ask(`${question} (${defaultAnswer ? 'Y/n' : 'y/N'})`);
    if (answer.trim() === '') return defaultAnswer;
    const yes = parseYesNo(answer);
    if (yes !== null) return yes;
  }
}

/** ANSI: erase the screen, erase the scrollback, cursor home. */
export const CLEAR_SCREEN = '\x1b[2J\x1b[3J\x1b[H';
