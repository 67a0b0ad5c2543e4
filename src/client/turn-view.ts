import type { ClueAction } from '../games/clue/actions.js';
import { ruleWords } from '../games/clue/rule-words.js';
import type { YourTurnMessage } from '../server/messages.js';
import { choice, el } from '../drawing/dom.js';
import type { ClientModel } from './model.js';

/** The player's picks in the suggestion and accusation forms, kept across redraws. */
export interface Picks {
  suggestSuspect: string;
  suggestWeapon: string;
  accuseSuspect: string;
  accuseWeapon: string;
  accuseRoom: string;
  /** The prompt whose accusation waits for the player's confirmation (an accusation cannot be taken back). */
  confirming: YourTurnMessage | null;
}

export function noPicks(): Picks {
  return { suggestSuspect: '', suggestWeapon: '', accuseSuspect: '', accuseWeapon: '', accuseRoom: '', confirming: null };
}

/** The pick if the list still offers it, else the list's first card I do not hold. */
function picked(value: string, options: readonly string[], hand: readonly string[] = []): string {
  return options.includes(value) ? value : (options.find((option) => !hand.includes(option)) ?? options[0] ?? '');
}

function button(label: string, attributes: Record<string, string>, disabled: boolean, onClick: () => void): HTMLElement {
  return el('button', { type: 'button', ...attributes, disabled, onclick: onClick }, label);
}

function disproveLine(model: ClientModel): HTMLElement | null {
  const asked = model.disprove ?? model.view?.suggestion ?? null;
  if (asked === null) return null;
  const by = 'suggesterName' in asked ? asked.suggesterName : (model.seats[asked.seat]?.name ?? '');
  return el('p', { class: 'asked' }, `${by} suggested ${asked.suspect} with the ${asked.weapon} in the ${asked.room}. Choose a card to show:`);
}

/**
 * Every action of my turn (C.5, G.15), from the server's `yourTurn`: move (here or on the board),
 * suggest, accuse, disprove by choosing a card, end the turn. Nothing is offered that the server
 * did not list, and everything waits while an action is on its way.
 */
export function turnView(model: ClientModel, turn: YourTurnMessage, picks: Picks, act: (action: ClueAction) => void, redraw: () => void): HTMLElement[] {
  const waiting = model.sent;
  // While an accusation waits for its confirmation, nothing else of the turn may be clicked by mistake.
  const busy = waiting || picks.confirming === turn;
  const hand = model.view?.hand ?? [];
  const parts: HTMLElement[] = [el('h2', { class: 'prompt' }, turn.prompt)];
  if (turn.show.length > 0) {
    parts.push(
      el('div', { class: 'disprove' }, disproveLine(model), el('div', { class: 'cards' }, ...turn.show.map((card) => button(card, { class: 'card show-card', 'data-card': card }, waiting, () => act({ type: 'show', card }))))),
    );
  }
  if (turn.moves.length > 0) {
    parts.push(
      el(
        'div',
        { class: 'moves' },
        el('h3', {}, 'Move (or click a highlighted place on the board)'),
        ...turn.moves.map((move) => button(move.label, { class: 'move', 'data-to': move.action.to }, busy, () => act(move.action))),
      ),
    );
  }
  if (turn.suggest !== null) {
    const { room, suspects, weapons } = turn.suggest;
    const suspect = picked(picks.suggestSuspect, suspects, hand);
    const weapon = picked(picks.suggestWeapon, weapons, hand);
    parts.push(
      el(
        'form',
        { class: 'suggest', onsubmit: (event) => (event.preventDefault(), act({ type: 'suggest', suspect: picked(picks.suggestSuspect, suspects, hand), weapon: picked(picks.suggestWeapon, weapons, hand) })) },
        el('h3', {}, `Suggest, in the ${room}`),
        choice('Suspect', 'suggest-suspect', suspects, suspect, (value) => (picks.suggestSuspect = value)),
        choice('Weapon', 'suggest-weapon', weapons, weapon, (value) => (picks.suggestWeapon = value)),
        el('button', { type: 'submit', class: 'primary', disabled: busy }, 'Suggest'),
      ),
    );
  }
  if (turn.accuse !== null) parts.push(accuseForm(turn.accuse, turn, picks, hand, model.view === null ? '' : ` ${ruleWords('wrongAccuser', model.view.rules)}`, waiting, act, redraw));
  if (turn.pass) parts.push(button('End turn', { class: 'pass primary' }, busy, () => act({ type: 'pass' })));
  const seconds = model.hello?.turnSeconds ?? 0;
  if (seconds > 0) parts.push(el('p', { class: 'hint turn-time' }, `A System Player takes your seat if you do not act within ${seconds} s.`));
  return parts;
}

/**
 * The accusation: three choices, then a confirmation naming them, since a wrong one ends my play
 * (`stakes`: what the game's rules then do with a wrong accuser, as a sentence after a space).
 */
function accuseForm(
  offered: NonNullable<YourTurnMessage['accuse']>,
  turn: YourTurnMessage,
  picks: Picks,
  hand: readonly string[],
  stakes: string,
  waiting: boolean,
  act: (action: ClueAction) => void,
  redraw: () => void,
): HTMLElement {
  const { suspects, weapons, rooms } = offered;
  const accusation = (): Extract<ClueAction, { type: 'accuse' }> => ({
    type: 'accuse',
    suspect: picked(picks.accuseSuspect, suspects, hand),
    weapon: picked(picks.accuseWeapon, weapons, hand),
    room: picked(picks.accuseRoom, rooms, hand),
  });
  const confirming = picks.confirming === turn;
  const chosen = accusation();
  const confirm = confirming
    ? el(
        'div',
        { class: 'confirm' },
        el('p', {}, `Accuse ${chosen.suspect} with the ${chosen.weapon} in the ${chosen.room}? A wrong accusation ends your play.${stakes}`),
        el('button', { type: 'button', class: 'confirm-accuse danger', disabled: waiting, onclick: () => act(accusation()) }, 'Confirm the accusation'),
        el('button', { type: 'button', class: 'cancel-accuse', onclick: () => ((picks.confirming = null), redraw()) }, 'Cancel'),
      )
    : el('button', { type: 'submit', class: 'danger', disabled: waiting }, 'Accuse…');
  const select = (label: string, name: string, options: readonly string[], value: string, set: (value: string) => void): HTMLElement => {
    const field = choice(label, name, options, picked(value, options, hand), set);
    if (confirming) field.querySelector('select')!.disabled = true;
    return field;
  };
  return el(
    'form',
    { class: 'accuse', onsubmit: (event) => (event.preventDefault(), (picks.confirming = turn), redraw()) },
    el('h3', {}, 'Accuse (a wrong accusation ends your play)'),
    select('Suspect', 'accuse-suspect', suspects, picks.accuseSuspect, (value) => (picks.accuseSuspect = value)),
    select('Weapon', 'accuse-weapon', weapons, picks.accuseWeapon, (value) => (picks.accuseWeapon = value)),
    select('Room', 'accuse-room', rooms, picks.accuseRoom, (value) => (picks.accuseRoom = value)),
    confirm,
  );
}
