import type { Cookie } from "react-router";

/** Past this many distinct Cookie headers the memo starts again (a few MB at most). */
const MAX_REMEMBERED = 5_000;

/**
 * A signed cookie whose verified contents are remembered per Cookie header. React Router checks the
 * signature with WebCrypto on every parse (a key import and an HMAC verify, through the thread pool),
 * and a signed-in page parses the session cookie several times: the root loader, the guard, the flash.
 * The result depends only on the header's text and the secrets, which are fixed for the process, so
 * it is computed once per header. A revoked session is still refused: that is the sessions table's
 * job (getSessionUserId), not the signature's. Each parse returns a fresh copy of the value.
 *
 * Built as an object whose prototype is React Router's cookie, with `parse` its only own property:
 * everything else (name, isSigned, expires, serialize, and whatever a later React Router adds to
 * the Cookie interface) is the library's own, not a copy of it (docs/decisions/0017).
 */
export function withVerifiedParseMemo(cookie: Cookie): Cookie {
  const remembered = new Map<string, string>();
  const parse: Cookie["parse"] = async (cookieHeader, parseOptions) => {
    if (!cookieHeader || parseOptions) return cookie.parse(cookieHeader, parseOptions);
    const known = remembered.get(cookieHeader);
    if (known !== undefined) return JSON.parse(known);
    const value = await cookie.parse(cookieHeader);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    // JSON, as the cookie carries it: a later parse gets its own objects, never one another caller changed.
    remembered.set(cookieHeader, JSON.stringify(value ?? null));
    return value;
  };
  return Object.create(cookie, {
    parse: { value: parse, enumerable: true, writable: false, configurable: false },
  }) as Cookie;
}
