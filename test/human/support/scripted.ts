import { confirmByLine, InputClosed, type Terminal } from '../../../src/human/terminal.js';

/** What a scripted person answers to a question, seeing everything printed since the last clear; null closes the input. */
export type Responder = (question: string, screen: string) => string | null;

/**
 * A terminal fed by a script: a list of answers, or a function that reads the screen like a person
 * would. It keeps the transcript, with every clear, so tests can check who saw what.
 */
export class ScriptedTerminal implements Terminal {
  /** Everything shown, questions and answers included; CLEAR marks each clear. */
  readonly transcript: string[] = [];
  questions = 0;
  private screenStart = 0;
  private readonly respond: Responder;

  constructor(
    script: readonly string[] | Responder,
    /** A runaway script is a failing test, not a hang. */
    private readonly maxQuestions = 20_000,
  ) {
    if (typeof script === 'function') {
      this.respond = script;
    } else {
      const answers = script.slice();
      this.respond = () => answers.shift() ?? null;
    }
  }

  static readonly CLEAR = '<<clear>>';

  print(text: string): void {
    this.transcript.push(...text.split('\n'));
  }

  clear(): void {
    this.transcript.push(ScriptedTerminal.CLEAR);
    this.screenStart = this.transcript.length;
  }

  async ask(question: string, defaultAnswer?: string): Promise<string> {
    if (++this.questions > this.maxQuestions) throw new Error(`more than ${this.maxQuestions} questions: the script is stuck at "${question}"`);
    // The responders read the latest screen: the last few hundred lines keep a long game linear.
    const answer = this.respond(question, this.transcript.slice(Math.max(this.screenStart, this.transcript.length - 400)).join('\n'));
    if (answer === null) throw new InputClosed();
    this.transcript.push(`? ${question}${defaultAnswer !== undefined ? ` [${defaultAnswer}]` : ''} > ${answer}`);
    return answer.trim() === '' && defaultAnswer !== undefined ? defaultAnswer : answer;
  }

  confirm(question: string, defaultAnswer: boolean): Promise<boolean> {
    return confirmByLine((q) => this.ask(q), question, defaultAnswer);
  }

  /** The transcript cut at every clear: what was on the screen between two clears. */
  screens(): string[] {
    return this.transcript.join('\n').split(ScriptedTerminal.CLEAR);
  }

  text(): string {
    return this.transcript.join('\n');
  }
}

/** The menu entries on a screen, by label: "Score in Chance" -> 14 (the last menu shown). */
export function lastMenu(screen: string): Map<string, number> {
  const lines = screen.split('\n');
  let end = lines.length - 1;
  while (end >= 0 && !/^\s+\d+\. /.test(lines[end]!)) end--;
  let start = end;
  while (start > 0 && /^\s+\d+\. /.test(lines[start - 1]!)) start--;
  const menu = new Map<string, number>();
  for (const line of lines.slice(start, end + 1)) {
    const match = /^\s+(\d+)\. (.*)$/.exec(line);
    if (match !== null) menu.set(match[2]!, Number(match[1]));
  }
  return menu;
}

/** The number of the first menu entry whose label matches, or null. */
export function entry(screen: string, pattern: RegExp): string | null {
  for (const [label, n] of lastMenu(screen)) if (pattern.test(label)) return String(n);
  return null;
}
