import { isIP } from "node:net";

/**
 * Loopback: this machine talking to itself. The local trial (`npm start` on localhost) opens its
 * conveniences (the outbox, the demo users) only there; a real deployment never is.
 */

/** Whether a URL's host name is this machine: localhost (or a name under it), 127.0.0.0/8 or ::1. */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  return host === "localhost" || host.endsWith(".localhost") || isLoopbackAddress(host);
}

/** Whether a socket address is loopback; IPv4 addresses may come mapped into IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.toLowerCase().replace(/^::ffff:/, "");
  if (isIP(ip) === 4) return ip.startsWith("127.");
  return ip === "::1" || ip === "0:0:0:0:0:0:0:1";
}

// Headers a reverse proxy adds: a proxy on this machine connects from loopback on behalf of others.
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

/** Whether a request came straight from this machine: a loopback socket, not relayed by a proxy. */
export function cameFromThisMachine(
  socketAddress: string | undefined,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  return isLoopbackAddress(socketAddress) && FORWARDING_HEADERS.every((name) => headers[name] === undefined);
}
