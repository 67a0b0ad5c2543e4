/**
 * The key a connection's remote address is counted under for `--max-per-ip`: an IPv4 address
 * (also when it arrives IPv4-mapped, `::ffff:a.b.c.d`), or an IPv6 address's /64 prefix, since one
 * IPv6 host usually holds a whole /64 and could otherwise take a fresh address per connection.
 */
export function addressKey(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped !== null) return mapped[1]!;
  if (!address.includes(':')) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const plain = address.split('%')[0]!.toLowerCase();
  const [head = '', tail] = plain.split('::');
  const part = (text: string | undefined): string[] => (text === undefined || text === '' ? [] : text.split(':').flatMap((group) => (group.includes('.') ? ['v4', 'v4'] : [group])));
  const front = part(head);
  const back = part(tail);
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return groups.map((group) => (group === 'v4' ? group : parseInt(group, 16).toString(16)));
}
