type Child = Node | string | null | undefined | false;
/** CSS properties (custom ones too) set through the CSSOM, which the page's Content-Security-Policy allows, unlike a `style` attribute. */
export type StyleProperties = Readonly<Record<string, string>>;
type Attributes = Record<string, string | number | boolean | null | undefined | ((event: Event) => void) | StyleProperties>;

/**
 * One element: attributes (`on<event>` ones become listeners; `style` is an object of CSS
 * properties; false and null are left out) and children. Strings become text nodes, never HTML: names and notebook lines are text other people
 * typed.
 */
export function el(tag: string, attributes: Attributes = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(key.slice(2), value);
    else if (typeof value === 'object' && value !== null) for (const [property, setting] of Object.entries(value)) element.style.setProperty(property, setting);
    else if (value === true) element.setAttribute(key, '');
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(key, String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}

/** A <select> of `options` showing `chosen`, reporting each change. */
export function choice(label: string, name: string, options: readonly string[], chosen: string, onChange: (value: string) => void): HTMLElement {
  const select = el('select', { name, 'aria-label': label, onchange: (event) => onChange((event.target as HTMLSelectElement).value) });
  for (const option of options) select.append(el('option', { value: option, selected: option === chosen }, option));
  return el('label', { class: 'choice' }, el('span', {}, label), select);
}

/**
 * Redraws a part of the screen only when what it is drawn from changed (by identity), so a part
 * the player is using (a half-filled form, a focused field) is left alone by unrelated updates.
 */
export class Part {
  private drawnFrom: readonly unknown[] | null = null;

  constructor(readonly root: HTMLElement) {}

  draw(from: readonly unknown[], build: () => Child[]): void {
    if (this.drawnFrom !== null && from.length === this.drawnFrom.length && from.every((value, i) => Object.is(value, this.drawnFrom![i]))) return;
    this.drawnFrom = from;
    this.root.replaceChildren(...build().filter((child): child is Node | string => child !== null && child !== undefined && child !== false));
  }
}
