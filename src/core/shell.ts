/** `word` as one POSIX shell word: as it is when a shell would read it unchanged, else in single quotes. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Words as one shell command line: each one a word again when the shell reads the line. */
export function shellLine(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}
