import { createContext, type ReactNode, useContext, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import {
  EMBEDDED_FLASH_PARAM,
  EMBEDDED_QUERY_PARAMS,
  withEmbeddedQuery,
} from "~/domain/shopify/embedded-setup";

/** Set when the page runs inside the Shopify admin: the app's key and the shop's admin. */
export type EmbeddedInfo = { apiKey: string; shop: string; host: string };

const Embedded = createContext<EmbeddedInfo | null>(null);

export function EmbeddedProvider({ value, children }: { value: EmbeddedInfo | null; children: ReactNode }) {
  return <Embedded.Provider value={value}>{children}</Embedded.Provider>;
}

/** Null in the standalone app; the shop's admin details inside the Shopify admin. */
export function useEmbedded(): EmbeddedInfo | null {
  return useContext(Embedded);
}

/** A link of ours that keeps the admin's query, so loading it as a document stays in the admin. */
export function useEmbeddedHref() {
  const embedded = useEmbedded();
  return (path: string) =>
    embedded ? withEmbeddedQuery(path, { embedded: "1", shop: embedded.shop, host: embedded.host }) : path;
}

/**
 * What the library's React AppProvider does for an embedded app, without its Polaris web components
 * (our screens use Polaris React): App Bridge's navigation menu announces a click with a
 * `shopify:navigate` event on the link, which becomes a client-side navigation. And the frame's URL
 * keeps embedded, shop and host after every client-side navigation, so a reload of the frame (a
 * document load, where App Bridge adds no header) still lets the library fetch a new token.
 */
export function EmbeddedBridge() {
  const embedded = useEmbedded();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const onNavigate = (event: Event) => {
      const href = (event.target as HTMLElement | null)?.getAttribute?.("href");
      if (href) navigate(href);
    };
    document.addEventListener("shopify:navigate", onNavigate);
    return () => document.removeEventListener("shopify:navigate", onNavigate);
  }, [navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every navigation (location).
  useEffect(() => {
    if (!embedded) return;
    const url = new URL(window.location.href);
    const missing = EMBEDDED_QUERY_PARAMS.filter((name) => !url.searchParams.has(name));
    // A toast a redirect carried is shown once: a reload of the frame must not show it again.
    const carriedToast = url.searchParams.has(EMBEDDED_FLASH_PARAM);
    url.searchParams.delete(EMBEDDED_FLASH_PARAM);
    if (missing.length === 0 && !carriedToast) return;
    const kept = withEmbeddedQuery(`${url.pathname}${url.search}${url.hash}`, {
      embedded: "1",
      shop: embedded.shop,
      host: embedded.host,
    });
    // Behind the router's back on purpose: the screen's URL for the router stays as it navigated,
    // only the address the frame would reload gains the admin's query.
    window.history.replaceState(window.history.state, "", kept);
  }, [embedded, location]);

  return null;
}
