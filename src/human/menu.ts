import type { Action } from '../core/game.js';

/** A question asked after a menu choice, to complete the action (which dice to hold, which suspect). */
export interface Question {
  readonly text: string;
  /** Shown numbered; the answer may be the number or the text. */
  readonly options?: readonly string[];
  /** What Enter alone answers. */
  readonly default?: string;
}

/** One numbered line of a turn's menu: an action, or the questions that build one. */
export type MenuEntry<A extends Action = Action> =
  | { readonly label: string; readonly action: A }
  | { readonly label: string; readonly questions: readonly Question[]; readonly build: (answers: readonly string[]) => A };

export function menuLines(entries: readonly MenuEntry[]): string[] {
  const width = String(entries.length).length;
  return entries.map((entry, i) => `  ${String(i + 1).padStart(width)}. ${entry.label.charAt(0).toUpperCase()}${entry.label.slice(1)}`);
}

export function optionLines(options: readonly string[]): string[] {
  return options.map((option, i) => `    ${i + 1}. ${option}`);
}

/** A numbered answer becomes the option's text; any other answer is kept for the game to match. */
export function resolveOption(question: Question, answer: string): string {
  const trimmed = answer.trim();
  if (question.options !== undefined && /^\d+$/.test(trimmed)) {
    const option = question.options[Number(trimmed) - 1];
    if (option !== undefined) return option;
  }
  return trimmed;
}

/** The menu number a line names, or null when the line is not a number. */
export function menuNumber(line: string): number | null {
  const trimmed = line.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}
