import { createContext } from "react-router";

/** The visitor's address, read from the socket (or X-Forwarded-For when TRUST_PROXY=true). */
export const clientIpContext = createContext<string>("unknown");
