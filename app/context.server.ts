import { createContext, type RouterContext } from "react-router";

/**
 * What server.ts tells loaders and actions about the connection. A context is found by identity,
 * and server.ts (run by tsx) and the built server bundle each have their own copy of this module:
 * the contexts live on globalThis so that both copies hand out the same objects.
 */
type SharedContexts = {
  clientIp: RouterContext<string>;
  fromThisMachine: RouterContext<boolean>;
};
const globalKey = Symbol.for("blusteam.request-contexts");
const holder = globalThis as typeof globalThis & { [globalKey]?: SharedContexts };
holder[globalKey] ??= {
  clientIp: createContext<string>("unknown"),
  fromThisMachine: createContext<boolean>(false),
};
const shared = holder[globalKey];

/** The visitor's address, read from the socket (or from X-Forwarded-For, as far as TRUST_PROXY trusts it). */
export const clientIpContext = shared.clientIp;

/** Whether the request came straight from this machine (loopback socket, no proxy): /dev/outbox needs it. */
export const fromThisMachineContext = shared.fromThisMachine;
