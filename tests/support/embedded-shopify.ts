import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { API_KEY, API_SECRET_KEY, getJwt } from "@shopify/shopify-api/test-helpers";
import { RouterContextProvider } from "react-router";
import { adminHostFor } from "~/domain/shopify/embedded-setup";
import { loader as appLoader } from "~/routes/embedded/app";
import { shopifyApiOrNull } from "~/services/shopify/shopify.server";
import { setUpStandIn } from "./stand-in-env";

/**
 * For the embedded app's unit and database tests: the library's test key and secret as our
 * SHOPIFY_API_KEY / SHOPIFY_API_SECRET, and a small local Shopify that answers what /app asks of a
 * shop through the libraries (SHOPIFY_API_URL): token exchange (offline and online, the online one
 * naming the staff member a test registered) and the Admin GraphQL `shop` query.
 */
export type StaffMember = {
  id: number;
  email: string | null;
  email_verified?: boolean;
  account_owner?: boolean;
  first_name?: string;
  last_name?: string;
};

export type EmbeddedShopify = {
  url: string;
  /** Registers who the token's sub is in that shop, as Shopify's token exchange will answer. */
  staff: (shop: string, member: StaffMember) => void;
  /** The store's name the `shop` query answers (default: "Shop {handle}"). */
  storeName: (shop: string, name: string) => void;
  /** Every token exchange answered: shop and requested type. */
  exchanges: { shop: string; online: boolean }[];
};

export const APP = "http://localhost:3000";

/** A session token of a shop's admin, signed with the test secret (overrides: exp, aud, sub...). */
export async function sessionToken(shop: string, overrides: Record<string, unknown> = {}) {
  const { token } = await getJwt(shop.replace(/\.myshopify\.com$/, ""), API_KEY, API_SECRET_KEY, {
    iss: `https://${shop}/admin`,
    dest: `https://${shop}`,
    ...overrides,
  });
  return token;
}

/** A document load inside the shop's admin: Shopify's query with the token as id_token. */
export function documentRequest(shop: string, token: string, path = "/app") {
  const query = new URLSearchParams({ embedded: "1", shop, host: adminHostFor(shop), id_token: token });
  return new Request(`${APP}${path}?${query}`);
}

/** A fetch from inside the admin: App Bridge's token as a bearer header. */
export function bearerRequest(token: string, path = "/contacts", init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${token}`);
  return new Request(`${APP}${path}`, { ...init, headers });
}

/** Opens /app as Shopify does, and answers where it sent the staff member (or what it showed). */
export async function openApp(shop: string, token: string, path = "/app") {
  const args = {
    request: documentRequest(shop, token, path),
    context: new RouterContextProvider(),
    params: {},
  };
  try {
    return { shown: await appLoader(args as unknown as Parameters<typeof appLoader>[0]) };
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 302)
      return { location: thrown.headers.get("Location") };
    throw thrown;
  }
}

/** Registers the staff member with the stand-in (as Shopify knows them), then opens /app as them. */
export async function openAs(
  shopify: EmbeddedShopify,
  shop: string,
  staff: Parameters<EmbeddedShopify["staff"]>[1],
) {
  shopify.staff(shop, staff);
  return openApp(shop, await sessionToken(shop, { sub: String(staff.id) }));
}

export function setUpEmbeddedShopify(): () => EmbeddedShopify {
  const staff = new Map<string, StaffMember>();
  const names = new Map<string, string>();
  const exchanges: EmbeddedShopify["exchanges"] = [];
  return setUpStandIn({
    name: "Shopify",
    start: async () => {
      const server = createServer((req, res) => {
        let body = "";
        req.on("data", (chunk) => {
          body += chunk;
        });
        req.on("end", async () => {
          const [, shop, ...rest] = (req.url ?? "").split("?")[0].split("/");
          const path = `/${rest.join("/")}`;
          const send = (status: number, json: unknown) => {
            res.writeHead(status, { "Content-Type": "application/json" });
            res.end(JSON.stringify(json));
          };
          if (path === "/admin/oauth/access_token") {
            const input = JSON.parse(body) as Record<string, string>;
            if (input.client_id !== API_KEY || input.client_secret !== API_SECRET_KEY)
              return send(401, { error: "invalid_client" });
            const online = input.requested_token_type.endsWith("online-access-token");
            let sub: string;
            try {
              // Shopify checks the token it is given, as the library does: signature, audience, expiry.
              const api = shopifyApiOrNull();
              if (!api) throw new Error("Shopify is not configured");
              sub = String((await api.session.decodeSessionToken(input.subject_token)).sub);
            } catch {
              return send(400, { error: "invalid_subject_token" });
            }
            exchanges.push({ shop, online });
            if (!online) return send(200, { access_token: `offline-${shop}`, scope: "read_orders" });
            const member = staff.get(`${shop}/${sub}`);
            if (!member) return send(400, { error: "invalid_subject_token" });
            return send(200, {
              access_token: `online-${shop}-${sub}`,
              scope: "read_orders",
              expires_in: 86_400,
              associated_user_scope: "read_orders",
              associated_user: { first_name: "Staff", last_name: "Member", email_verified: true, ...member },
            });
          }
          if (/^\/admin\/api\/[^/]+\/graphql\.json$/.test(path)) {
            const name = names.get(shop) ?? `Shop ${shop.split(".")[0]}`;
            return send(200, {
              data: { shop: { id: "gid://shopify/Shop/1", name, email: `owner@${shop}` } },
            });
          }
          send(404, { errors: "Not Found" });
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      const stand: EmbeddedShopify & { server: Server } = {
        server,
        url: `http://127.0.0.1:${port}`,
        staff: (shop, member) => staff.set(`${shop}/${member.id}`, member),
        storeName: (shop, name) => names.set(shop, name),
        exchanges,
      };
      return stand;
    },
    close: (stand) => new Promise((resolve) => stand.server.close(resolve)),
    reset: () => {
      staff.clear();
      names.clear();
      exchanges.length = 0;
    },
    env: (stand) => ({
      SHOPIFY_API_KEY: API_KEY,
      SHOPIFY_API_SECRET: API_SECRET_KEY,
      SHOPIFY_API_URL: stand.url,
      APP_URL: APP,
    }),
  });
}
