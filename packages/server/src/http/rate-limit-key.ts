import { isIPv6 } from 'node:net';

/** The one key of requests whose client hung up before they were counted: nobody is waiting for their answer. */
export const GONE_CLIENT_KEY = 'gone';

/**
 * The client a request is counted for, by the request limit (@fastify/rate-limit) and by the
 * sign-in and sign-up throttles alike: the client's address, an IPv6 one by its /64 (a home or a
 * phone is given a whole /64 and may pick any address in it) in one spelling, an IPv4 one reached
 * over IPv6 (`::ffff:a.b.c.d`) as IPv4. Ours because the plugin's throws when the connection has
 * closed by the time it is asked (the throttles ask once the body is read and, on PostgreSQL, a
 * session looked up): Node no longer knows the peer's address then, and `request.ip` is undefined.
 */
export function clientKey(request: { ip: string | undefined }): string {
  const { ip } = request;
  if (ip === undefined) return GONE_CLIENT_KEY;
  return isIPv6(ip) ? ipv6Network(ip) : ip.toLowerCase();
}

function ipv6Network(ip: string): string {
  const address = ip.toLowerCase().split('%')[0]!;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head, tail] = address.split('::').map((half) => (half ? half.split(':') : [])) as [string[], string[]?];
  // An IPv4 address at the end stands for two groups; `::` for the zero groups left out.
  const tailGroups = tail ? tail.length + (tail.at(-1)?.includes('.') ? 1 : 0) : 0;
  const groups = tail ? [...head, ...Array<string>(8 - head.length - tailGroups).fill('0'), ...tail] : head;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
