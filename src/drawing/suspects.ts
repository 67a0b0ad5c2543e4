/** Each suspect's pawn colour, by the last word of its name (the same in every spelling). */
const COLORS: Readonly<Record<string, string>> = {
  scarlet: '#c62828',
  scarlett: '#c62828',
  mustard: '#e0a800',
  white: '#f4f4f4',
  green: '#2e7d32',
  peacock: '#1565c0',
  plum: '#7b1fa2',
};

function lastWord(name: string): string {
  return name.trim().split(/\s+/).pop()!.toLowerCase();
}

export function suspectColor(suspect: string): string {
  return COLORS[lastWord(suspect)] ?? '#777';
}

/** Text on a pawn: dark on the light ones (Mrs. White, Colonel Mustard), light on the others. */
export function suspectInk(suspect: string): string {
  return ['white', 'mustard'].includes(lastWord(suspect)) ? '#111' : '#fff';
}

/** "Miss Scarlet" -> "Sc": short enough for a pawn, distinct for the six suspects. */
export function initials(suspect: string): string {
  const word = lastWord(suspect);
  return word.charAt(0).toUpperCase() + word.charAt(1);
}

/** The outline of a suspect's home square: their colour, but grey for Mrs. White, whose near-white would vanish on the paper. */
export function suspectEdge(suspect: string): string {
  return lastWord(suspect) === 'white' ? '#77705f' : suspectColor(suspect);
}
