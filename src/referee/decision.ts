import { chosenLegal, illegalDetail, type Bot } from '../core/bot.js';
import { describeError } from '../core/errors.js';
import type { Action } from '../core/game.js';
import { BotFault } from '../protocol/bot-fault.js';
import { Refusal } from './step-log.js';

/** Why a bot's throw forfeits its seat (a process bot's BotFault says itself). */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof BotFault) return new Refusal(error.kind, error.detail, error.substitute);
  return new Refusal('threw', describeError(error));
}

/** The refusal of an answer that came too late or is not a legal action, or null for a good one. */
export function checkAnswer(chosen: unknown, action: Action | null, started: number, limitMs: number): Refusal | null {
  if (limitMs > 0) {
    const took = performance.now() - started;
    // Stryker disable next-line EqualityOperator: a decision taking exactly the limit, to the clock's last digit, is an accident either way
    if (took > limitMs) return new Refusal('timeout', `took ${took.toFixed(1)} ms, limit ${limitMs} ms`);
  }
  return action === null ? new Refusal('illegal', illegalDetail(chosen)) : null;
}

/**
 * One decision of a bot outside the referee's step loop (a seat played step by step, at the
 * terminal or on the server), judged as that loop judges it: the legal action chosen, or why it is
 * refused (a throw, a process bot's named fault with its substitute under `onFault: "random"`, an
 * illegal answer, a late one).
 */
export function judgeDecision<A extends Action>(bot: Bot, view: unknown, legal: readonly A[], limitMs: number): A | Refusal {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: reading the clock when there is no limit changes nothing
  const started = limitMs > 0 ? performance.now() : 0;
  let chosen: unknown;
  try {
    chosen = bot.act(view, legal);
  } catch (error) {
    return refusalOf(error);
  }
  const action = chosenLegal(chosen, legal);
  return checkAnswer(chosen, action, started, limitMs) ?? action!;
}
