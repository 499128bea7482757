import type { GqlArgs, GqlObject } from "./shopify-graphql";
import { connection } from "./shopify-products";
import type { ShopifyStore, StoredMetafield } from "./shopify-store";

/**
 * Metafields as the Admin GraphQL API keeps them: `metafieldsSet` (atomic: one invalid input and
 * nothing is written), and `metafield(namespace, key)` / `metafields(...)` on their owners. An app's
 * reserved namespace is written `$app` or `$app:{name}` and stored expanded, `app--{app id}` or
 * `app--{app id}--{name}`, as Shopify does; reads accept either form.
 */

/** The stand-in app's numeric id (its gid is gid://shopify/App/1 in the admin roots). */
export const STAND_IN_APP_ID = 1;

export function expandNamespace(namespace: string): string {
  if (namespace === "$app") return `app--${STAND_IN_APP_ID}`;
  if (namespace.startsWith("$app:")) return `app--${STAND_IN_APP_ID}--${namespace.slice(5)}`;
  return namespace;
}

const TYPES = new Set([
  "single_line_text_field",
  "multi_line_text_field",
  "json",
  "boolean",
  "number_integer",
  "number_decimal",
  "url",
  "date",
  "date_time",
  "color",
]);
const KEY = /^[a-zA-Z0-9_-]{2,64}$/;
const MAX_INPUTS = 25;

type MetafieldInput = {
  ownerId?: unknown;
  namespace?: unknown;
  key?: unknown;
  value?: unknown;
  type?: unknown;
};

type UserError = { field: string[]; message: string; code: string; elementIndex: number | null };

function problemOf(input: MetafieldInput, index: number, ownerType: string | null): UserError | null {
  const at = (field: string, message: string, code: string): UserError => ({
    field: ["metafields", String(index), field],
    message,
    code,
    elementIndex: index,
  });
  if (!ownerType) return at("ownerId", "Owner does not exist.", "INVALID");
  if (typeof input.key !== "string" || !KEY.test(input.key))
    return at(
      "key",
      "Key must be between 2 and 64 characters long and contain only alphanumeric characters, hyphens and underscores.",
      "INVALID",
    );
  const namespace = typeof input.namespace === "string" ? input.namespace : "$app";
  if (namespace.length < 2 || namespace.length > 255)
    return at("namespace", "Namespace is too short or too long.", "INVALID");
  // Another app's reserved namespace (ours may be written expanded too).
  if (namespace.startsWith("app--") && !namespace.startsWith(`app--${STAND_IN_APP_ID}`))
    return at("namespace", "Access to this namespace is denied.", "APP_NOT_AUTHORIZED");
  if (typeof input.type !== "string" || !TYPES.has(input.type))
    return at("type", `Type must be one of the following: ${[...TYPES].join(", ")}.`, "INVALID_TYPE");
  if (typeof input.value !== "string" || input.value === "")
    return at("value", "Value can't be blank.", "BLANK");
  if (input.type === "single_line_text_field" && /[\r\n]/.test(input.value))
    return at("value", "Value must be a single line text string.", "INVALID_VALUE");
  if (input.type === "json") {
    try {
      JSON.parse(input.value);
    } catch {
      return at("value", "Value must be valid JSON.", "INVALID_VALUE");
    }
  }
  return null;
}

export function metafieldObject(m: StoredMetafield): GqlObject {
  return {
    __typename: "Metafield",
    __implements: ["Node"],
    id: m.id,
    namespace: m.namespace,
    key: m.key,
    value: m.value,
    type: m.type,
    ownerType: m.ownerType,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    jsonValue: m.type === "json" ? JSON.parse(m.value) : m.value,
  };
}

/** The `metafield` and `metafields` fields of one owner (a Shop, a Product, an AppInstallation). */
export function metafieldFields(store: ShopifyStore, shop: string, ownerId: string) {
  const own = () => store.metafields.filter((m) => m.shop === shop && m.ownerId === ownerId);
  return {
    metafield: (args: GqlArgs) => {
      const namespace = expandNamespace(String(args.namespace ?? "$app"));
      const found = own().find((m) => m.namespace === namespace && m.key === args.key);
      return found ? metafieldObject(found) : null;
    },
    metafields: (args: GqlArgs) => {
      const namespace = args.namespace == null ? null : expandNamespace(String(args.namespace));
      const items = own().filter((m) => namespace === null || m.namespace === namespace);
      return connection("Metafield", items.map(metafieldObject), args);
    },
  };
}

/**
 * The `metafieldsSet` mutation for one shop. `ownerTypeOf` names the owner of a gid in this shop
 * (SHOP, PRODUCT, API_PERMISSION for the app installation, ...) or null when there is none.
 */
export function metafieldsSet(
  store: ShopifyStore,
  shop: string,
  ownerTypeOf: (ownerId: string) => string | null,
) {
  return (args: GqlArgs): GqlObject => {
    const inputs = (Array.isArray(args.metafields) ? args.metafields : []) as MetafieldInput[];
    const payload = (metafields: GqlObject[] | null, userErrors: UserError[]): GqlObject => ({
      __typename: "MetafieldsSetPayload",
      metafields,
      userErrors: userErrors.map((e) => ({ __typename: "MetafieldsSetUserError", ...e })),
    });
    if (inputs.length > MAX_INPUTS)
      return payload(null, [
        {
          field: ["metafields"],
          message: `Exceeded the maximum metafields input limit of ${MAX_INPUTS}.`,
          code: "LESS_THAN_OR_EQUAL_TO",
          elementIndex: null,
        },
      ]);
    const problems = inputs
      .map((input, i) => problemOf(input, i, ownerTypeOf(String(input.ownerId ?? ""))))
      .filter((p): p is UserError => p !== null);
    // Atomic, as Shopify's: one invalid input and none of them is written.
    if (problems.length) return payload(null, problems);
    const now = new Date().toISOString();
    const written = inputs.map((input) => {
      const ownerId = String(input.ownerId);
      const namespace = expandNamespace(typeof input.namespace === "string" ? input.namespace : "$app");
      const existing = store.metafields.find(
        (m) => m.shop === shop && m.ownerId === ownerId && m.namespace === namespace && m.key === input.key,
      );
      if (existing) {
        Object.assign(existing, { value: String(input.value), type: String(input.type), updatedAt: now });
        return existing;
      }
      const created: StoredMetafield = {
        id: `gid://shopify/Metafield/${store.id()}`,
        shop,
        ownerId,
        ownerType: ownerTypeOf(ownerId) ?? "SHOP",
        namespace,
        key: String(input.key),
        value: String(input.value),
        type: String(input.type),
        createdAt: now,
        updatedAt: now,
      };
      store.metafields.push(created);
      return created;
    });
    return payload(written.map(metafieldObject), []);
  };
}
