import { AppProvider, Frame } from "@shopify/polaris";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import polarisEn from "@shopify/polaris/locales/en.json";
import polarisFr from "@shopify/polaris/locales/fr.json";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { config } from "./config.server";
import { embeddedShopOf, viewerMiddleware } from "./domain/access/guard.server";
import { securityMiddleware } from "./domain/access/security.server";
import { commit, getCookieSession } from "./domain/auth/session.server";
import { readEmbeddedFlash } from "./domain/shopify/embedded-flash.server";
import { APP_BRIDGE_SCRIPT_URL, adminHostFor } from "./domain/shopify/embedded-setup";
import { getLocale, i18nextMiddleware } from "./i18n/i18n.server";
import appStyles from "./ui/app.css?url";
import { AppLinkProvider } from "./ui/app-link";
import { screenTitle } from "./ui/page-title";
import { RouteErrorBoundary } from "./ui/route-error-boundary";
import { RouterLink } from "./ui/router-link";
import { EmbeddedBridge, EmbeddedProvider } from "./ui/shell/embedded";
import { ToastProvider, ToastView } from "./ui/toast";

export const middleware: Route.MiddlewareFunction[] = [
  securityMiddleware,
  i18nextMiddleware,
  viewerMiddleware,
];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: polarisStyles },
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getCookieSession(request);
  const flash = session.get("toast") ?? null;
  // Inside the Shopify admin (a valid session token of a shop): App Bridge's script and key, and
  // the toast a redirect carried in the URL (the iframe gets no cookie back).
  const shop = await embeddedShopOf({ request, context });
  const toast = flash ?? (shop ? readEmbeddedFlash(request) : null);
  const apiKey = config().SHOPIFY_API_KEY;
  const embedded =
    shop && apiKey
      ? { apiKey, shop, host: new URL(request.url).searchParams.get("host") ?? adminHostFor(shop) }
      : null;
  // Reading a flash removes it, so the session is committed again.
  return data(
    { locale: getLocale(context), product: config().PRODUCT_NAME, toast, embedded },
    { headers: flash ? await commit(session) : undefined },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const locale = root?.locale ?? "en";
  return (
    <html lang={locale} data-product={root?.product ?? "Blusteam"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {root?.embedded ? (
          <>
            {/* App Bridge must be the first script of the page, loaded synchronously (Shopify's rule). */}
            <meta name="shopify-api-key" content={root.embedded.apiKey} />
            <script src={APP_BRIDGE_SCRIPT_URL} />
          </>
        ) : null}
        <Meta />
        <Links />
      </head>
      <body>
        <AppLinkProvider>
          <AppProvider i18n={locale === "fr" ? polarisFr : polarisEn} linkComponent={RouterLink}>
            {children}
          </AppProvider>
        </AppLinkProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== loaderData.locale) void i18n.changeLanguage(loaderData.locale);
  }, [i18n, loaderData.locale]);
  return (
    <EmbeddedProvider value={loaderData.embedded}>
      {loaderData.embedded ? <EmbeddedBridge /> : null}
      <Frame>
        <ToastProvider>
          <Outlet />
          <ToastView toast={loaderData.toast} />
        </ToastProvider>
      </Frame>
    </EmbeddedProvider>
  );
}

/** Every screen's own title ('Contacts · Blusteam'), from its URL; see app/ui/page-title.ts. */
export function meta({ data, location }: Route.MetaArgs) {
  return [{ title: screenTitle(location.pathname, data?.product ?? "Blusteam", data?.locale) }];
}

/** The top-level error boundary of spec 1 section 8: the same one every screen exports. */
export const ErrorBoundary = RouteErrorBoundary;
