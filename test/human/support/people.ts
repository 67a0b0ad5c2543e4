import { entry, type Responder } from './scripted.js';

/** Answers the prompts every game shares: hand-overs, acknowledgements, playing on, not playing another. */
export function common(question: string): string | null | undefined {
  if (/Pass to .*, press Enter|press Enter/.test(question)) return '';
  if (question.startsWith('Play a game?') || question.includes('Play a game?')) return 'y';
  if (question.startsWith('Play another game')) return 'n';
  return undefined;
}

/** The last screen drawn: from its title line (every game's screen starts with "<Game>: <name>"). */
export function latest(screen: string): string {
  const titles = [...screen.matchAll(/^(Yahtzee|Clue \(\w+\)|Deadwood): /gm)];
  return titles.length === 0 ? screen : screen.slice(titles.at(-1)!.index);
}

/** The dice on the last Yahtzee screen and the roll count, or null before the first roll. */
export function diceOn(screen: string): { dice: number[]; roll: number } | null {
  const matches = [...latest(screen).matchAll(/^\s+dice\s+([\d ]+?)\s+\(roll (\d) of 3\)$/gm)];
  const last = matches.at(-1);
  return last === undefined ? null : { dice: last[1]!.trim().split(/\s+/).map(Number), roll: Number(last[2]) };
}

/**
 * A Yahtzee player who reads the screen: keeps the most frequent face (typed `keep` on the
 * second roll, the menu's hold question on the third), then scores the first open category by the
 * menu, entering the score the prompt offers. `first` answers before the policy (undefined: no say).
 */
export function yahtzeePlayer(first: (question: string, screen: string) => string | null | undefined = () => undefined): Responder {
  return (question, screen) => {
    const own = first(question, screen);
    if (own !== undefined) return own;
    const shared = common(question);
    if (shared !== undefined) return shared;
    if (question.startsWith('Your score for')) return '';
    const rolled = diceOn(screen);
    const counts = new Map<number, number>();
    for (const d of rolled?.dice ?? []) counts.set(d, (counts.get(d) ?? 0) + 1);
    const face = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0];
    if (question.startsWith('Dice to hold')) {
      return rolled!.dice.flatMap((d, i) => (d === face ? [String(i + 1)] : [])).join(' ') || 'none';
    }
    if (!/choose \d+-\d+/.test(question)) throw new Error(`unexpected question: ${question}`);
    const pick = entry(screen, /^Roll the die|^Roll all five dice/);
    if (pick !== null) return pick;
    if (rolled !== null && rolled.roll === 1) return `keep ${String(face).repeat(counts.get(face!)!)}`;
    if (rolled !== null && rolled.roll === 2) return entry(screen, /^Roll again/)!;
    return entry(screen, /^Score in /)!;
  };
}
