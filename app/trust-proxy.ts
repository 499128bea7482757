import { isIP } from "node:net";

/**
 * TRUST_PROXY, read as Express's `trust proxy` setting: which proxies' X-Forwarded-For entries to
 * believe. `true` is refused: Express would then take the leftmost address, which the visitor writes
 * themselves, and the per-IP sign-in limits would count whatever they chose.
 */
export type TrustProxy = false | number | string[];

// Express (proxy-addr) also knows these names for whole address ranges.
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** The setting, or a message saying what is wrong with the value. */
export function parseTrustProxy(value: string): { trust: TrustProxy } | string {
  const text = value.trim();
  if (text === "" || text === "false" || text === "0") return { trust: false };
  if (text === "true")
    return (
      "true would believe an X-Forwarded-For written by the visitor; set the number of proxies in front " +
      "of the app (TRUST_PROXY=1 behind one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8,loopback)"
    );
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 100 ? { trust: hops } : "a hop count is at most 100";
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0)
    return `not a hop count nor a list of addresses, CIDR ranges, loopback, linklocal or uniquelocal: ${wrong.join(", ")}`;
  return { trust: entries };
}

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
