/** A count with its noun in agreement: "1 credit", "2 credits", "0 credits". */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
