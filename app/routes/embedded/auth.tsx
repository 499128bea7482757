import { redirect } from "react-router";
import { getI18n } from "~/i18n/i18n.server";
import { shopifyAppOrNull } from "~/services/shopify/shopify.server";
import type { Route } from "./+types/auth";

/**
 * The library's own paths (authPathPrefix /auth): /auth/session-token is the bounce page where App
 * Bridge fetches a new session token and reloads the page it came from; /auth/exit-iframe leaves the
 * admin's iframe. authenticate.admin answers both by throwing the page. Anything else under /auth is
 * authenticated like /app and then goes there.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = shopifyAppOrNull();
  if (!app) {
    return new Response(getI18n(context).t("embedded.authNotConfigured"), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  await app.authenticate.admin(request);
  throw redirect(`/app${new URL(request.url).search}`);
}
