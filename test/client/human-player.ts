import type { Page } from 'playwright-core';

/** What the scripted person did on one prompt. */
export type Decision =
  | { readonly kind: 'show'; readonly card: string }
  | { readonly kind: 'accuse'; readonly suspect: string; readonly weapon: string; readonly room: string }
  | { readonly kind: 'suggest'; readonly suspect: string; readonly weapon: string }
  | { readonly kind: 'move'; readonly to: string }
  | { readonly kind: 'pass' };

export interface Accusation {
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
}

/**
 * Reads the screen as a person would and picks one action: show the first card offered; accuse
 * once the deduction grid names the case file; otherwise suggest the suspect and weapon the grid
 * thinks likeliest to be in the case file; move to the likeliest room in reach (a room before a
 * hallway); else end the turn; a last resort is the likeliest accusation. Told the case file
 * (`tip`), it accuses with it the first time the accusation form is there.
 */
function choose(tip: Accusation | null): Decision {
  const all = <T extends Element>(selector: string): T[] => [...document.querySelectorAll<T>(selector)];
  /** The case file's column of the grid: card -> [known yes, probability]. */
  const caseFile = new Map<string, { yes: boolean; p: number }>();
  for (const row of all<HTMLTableRowElement>('.grid tr[data-card]')) {
    const cell = row.querySelector<HTMLTableCellElement>('td:last-child')!;
    caseFile.set(row.dataset['card']!, { yes: cell.classList.contains('yes'), p: Number.parseFloat(cell.title) / 100 });
  }
  const likeliest = (options: readonly string[]): string => {
    let best = options[0]!;
    for (const option of options) if ((caseFile.get(option)?.p ?? 0) > (caseFile.get(best)?.p ?? 0)) best = option;
    return best;
  };
  const optionsOf = (name: string): string[] => all<HTMLOptionElement>(`select[name="${name}"] option`).map((option) => option.value);
  const shown = all<HTMLButtonElement>('button.show-card').map((button) => button.dataset['card']!);
  if (shown.length > 0) return { kind: 'show', card: shown[0]! };
  const accusing = document.querySelector('form.accuse') !== null;
  if (accusing && tip !== null) return { kind: 'accuse', ...tip };
  const known = (names: string[]): string | undefined => names.find((name) => caseFile.get(name)?.yes === true);
  if (accusing) {
    const [suspect, weapon, room] = [known(optionsOf('accuse-suspect')), known(optionsOf('accuse-weapon')), known(optionsOf('accuse-room'))];
    if (suspect !== undefined && weapon !== undefined && room !== undefined) return { kind: 'accuse', suspect, weapon, room };
  }
  if (document.querySelector('form.suggest') !== null) return { kind: 'suggest', suspect: likeliest(optionsOf('suggest-suspect')), weapon: likeliest(optionsOf('suggest-weapon')) };
  const rooms = all<HTMLElement>('.board .cell.room.target').map((cell) => cell.dataset['node']!);
  if (rooms.length > 0) return { kind: 'move', to: likeliest(rooms) };
  const hallway = document.querySelector<HTMLElement>('.board .cell.hallway.target');
  if (hallway !== null) return { kind: 'move', to: hallway.dataset['node']! };
  if (document.querySelector('button.pass') !== null) return { kind: 'pass' };
  return { kind: 'accuse', suspect: likeliest(optionsOf('accuse-suspect')), weapon: likeliest(optionsOf('accuse-weapon')), room: likeliest(optionsOf('accuse-room')) };
}

/** Does `decision` through the page's controls: clicks on the board, the forms, the cards. */
export async function perform(page: Page, decision: Decision): Promise<void> {
  switch (decision.kind) {
    case 'show':
      return page.click(`button.show-card[data-card="${decision.card}"]`);
    case 'move':
      return page.click(`.board .cell.target[data-node="${decision.to}"]`);
    case 'pass':
      return page.click('button.pass');
    case 'suggest':
      await page.selectOption('select[name="suggest-suspect"]', decision.suspect);
      await page.selectOption('select[name="suggest-weapon"]', decision.weapon);
      return page.click('form.suggest button[type="submit"]');
    case 'accuse':
      await page.selectOption('select[name="accuse-suspect"]', decision.suspect);
      await page.selectOption('select[name="accuse-weapon"]', decision.weapon);
      await page.selectOption('select[name="accuse-room"]', decision.room);
      await page.click('form.accuse button[type="submit"]');
      await page.waitForSelector(`.confirm >> text=Accuse ${decision.suspect} with the ${decision.weapon} in the ${decision.room}?`);
      // While the accusation waits for its confirmation, nothing else of the turn can be clicked.
      if ((await page.locator('#turn button.pass:enabled, #turn button.move:enabled, form.suggest button:enabled').count()) > 0) throw new Error('a control of the turn stayed clickable while the accusation waited for its confirmation');
      return page.click('button.confirm-accuse');
  }
}

/** Waits until the page offers me a turn (true) or shows the game's end (false). */
export async function awaitPrompt(page: Page, ms: number): Promise<boolean> {
  await page.waitForFunction(() => document.body.dataset['myTurn'] === 'true' || document.body.dataset['stage'] === 'over', undefined, { timeout: ms });
  return page.evaluate(() => document.body.dataset['stage'] !== 'over');
}

/** Picks the next action, once the deduction grid (computed in a worker) has caught up with the notebook; `tip`: the case file, to accuse with. */
export async function decide(page: Page, tip: Accusation | null = null): Promise<Decision> {
  await page.waitForFunction(() => document.querySelector('.aid')?.getAttribute('data-events') === String(document.querySelectorAll('.log li').length));
  return page.evaluate(choose, tip);
}
