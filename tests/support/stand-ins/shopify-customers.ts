import { customerJson, marketingConsentJson, type TestSmsConsent } from "../shopify-order-payloads";
import { type GqlArgs, GqlFieldError, type GqlObject } from "./shopify-graphql";
import { connection } from "./shopify-products";
import type { MarketingConsent, SeedCustomer, SmsMarketingState, StoredCustomer } from "./shopify-store";

export type { SeedCustomer, StoredCustomer } from "./shopify-store";

/**
 * The stand-in's store customers, with their SMS and email marketing consent: the Admin GraphQL
 * customer, customers (query by phone or email) and the customerSmsMarketingConsentUpdate mutation,
 * which, as Shopify does, then sends customers_marketing_consent/update and customers/update. Seeded
 * by tests (addCustomer) or by POST /__stand-in/shops/{shop}/customers { customers: SeedCustomer[] }.
 */

const SMS_STATES: SmsMarketingState[] = [
  "SUBSCRIBED",
  "NOT_SUBSCRIBED",
  "UNSUBSCRIBED",
  "PENDING",
  "REDACTED",
];
const OPT_IN_LEVELS = ["SINGLE_OPT_IN", "CONFIRMED_OPT_IN", "UNKNOWN"];

/** What this module needs of the stand-in's store. */
export type CustomerStore = { customers: StoredCustomer[]; id: () => number };
export type SendWebhook = (topic: string, payload: unknown) => void;

const consent = (seed: Partial<MarketingConsent> | undefined): MarketingConsent => ({
  marketingState: seed?.marketingState ?? "NOT_SUBSCRIBED",
  marketingOptInLevel: seed?.marketingOptInLevel ?? "SINGLE_OPT_IN",
  consentUpdatedAt: seed?.consentUpdatedAt ?? null,
  consentCollectedFrom: seed?.consentCollectedFrom ?? "SHOPIFY",
});

export function addCustomer(store: CustomerStore, shop: string, seed: SeedCustomer): StoredCustomer {
  const legacyId = store.id();
  const now = new Date().toISOString();
  const customer: StoredCustomer = {
    id: `gid://shopify/Customer/${legacyId}`,
    legacyId,
    shop,
    firstName: seed.firstName ?? "",
    lastName: seed.lastName ?? "",
    email: seed.email ?? null,
    phone: seed.phone ?? null,
    sms: consent(seed.sms),
    emailMarketing: consent(seed.emailMarketing),
    createdAt: now,
    updatedAt: now,
  };
  store.customers.push(customer);
  return customer;
}

function consentObject(typename: string, c: MarketingConsent): GqlObject {
  return {
    __typename: typename,
    marketingState: c.marketingState,
    marketingOptInLevel: c.marketingOptInLevel,
    consentUpdatedAt: c.consentUpdatedAt,
    consentCollectedFrom: c.consentCollectedFrom,
  };
}

export function customerObject(c: StoredCustomer): GqlObject {
  return {
    __typename: "Customer",
    __implements: ["Node"],
    id: c.id,
    legacyResourceId: String(c.legacyId),
    firstName: c.firstName,
    lastName: c.lastName,
    displayName: `${c.firstName} ${c.lastName}`.trim() || c.email || c.phone || "",
    email: c.email,
    phone: c.phone,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    smsMarketingConsent: c.phone ? consentObject("CustomerSmsMarketingConsentState", c.sms) : null,
    emailMarketingConsent: c.email
      ? consentObject("CustomerEmailMarketingConsentState", c.emailMarketing)
      : null,
    defaultPhoneNumber: c.phone
      ? {
          __typename: "CustomerPhoneNumber",
          phoneNumber: c.phone,
          marketingState: c.sms.marketingState,
          marketingOptInLevel: c.sms.marketingOptInLevel,
          marketingUpdatedAt: c.sms.consentUpdatedAt,
          marketingCollectedFrom: c.sms.consentCollectedFrom,
          // 2026-10's replacement of the flat fields above (CustomerSmsMarketingConsent).
          smsMarketingConsent: {
            __typename: "CustomerSmsMarketingConsent",
            state: c.sms.marketingState === "NOT_SUBSCRIBED" ? "NEVER_SUBSCRIBED" : c.sms.marketingState,
            optInLevel: c.sms.marketingOptInLevel,
            updatedAt: c.sms.consentUpdatedAt,
            collectedFrom: c.sms.consentCollectedFrom,
          },
        }
      : null,
    defaultEmailAddress: c.email
      ? {
          __typename: "CustomerEmailAddress",
          emailAddress: c.email,
          marketingState: c.emailMarketing.marketingState,
          marketingOptInLevel: c.emailMarketing.marketingOptInLevel,
          marketingUpdatedAt: c.emailMarketing.consentUpdatedAt,
        }
      : null,
  };
}

/** Shopify's customer search, the part tests use: phone:, email: and free words on names and email. */
function matches(c: StoredCustomer, query: unknown): boolean {
  if (typeof query !== "string" || !query.trim()) return true;
  return query
    .trim()
    .split(/\s+/)
    .every((term) => {
      const [field, value] = term.includes(":") ? term.split(/:(.*)/s) : ["", term];
      const v = (value ?? "").replace(/^["']|["']$/g, "").toLowerCase();
      if (field === "phone") return (c.phone ?? "").replace(/[^\d+]/g, "") === v.replace(/[^\d+]/g, "");
      if (field === "email") return (c.email ?? "").toLowerCase() === v;
      return `${c.firstName} ${c.lastName} ${c.email ?? ""}`.toLowerCase().includes(v);
    });
}

export function customerQueries(store: CustomerStore, shop: string) {
  const own = () => store.customers.filter((c) => c.shop === shop);
  return {
    customer: (args: GqlArgs) => {
      const found = own().find((c) => c.id === args.id);
      return found ? customerObject(found) : null;
    },
    customers: (args: GqlArgs) =>
      connection(
        "Customer",
        own()
          .filter((c) => matches(c, args.query))
          .map(customerObject),
        args,
      ),
  };
}

/**
 * The payload of customers/update: Shopify's documented sample with this customer's details. Since
 * API 2025-01 it carries no marketing consent (customers_marketing_consent/update does).
 */
export function customerWebhookJson(c: StoredCustomer) {
  return customerJson({
    customerId: c.legacyId,
    email: c.email,
    phone: c.phone,
    firstName: c.firstName || null,
    lastName: c.lastName || null,
  });
}

/** The payload of customers_marketing_consent/update: Shopify's sample with this customer's consent. */
export function marketingConsentWebhookJson(c: StoredCustomer) {
  return marketingConsentJson(c.legacyId, c.phone, {
    state: c.sms.marketingState.toLowerCase() as TestSmsConsent["state"],
    optInLevel: (c.sms.marketingOptInLevel?.toLowerCase() ?? "unknown") as TestSmsConsent["optInLevel"],
    updatedAt: c.sms.consentUpdatedAt,
    collectedFrom: c.sms.consentCollectedFrom,
  });
}

export function customerMutations(store: CustomerStore, shop: string, sendWebhook: SendWebhook) {
  return {
    customerSmsMarketingConsentUpdate: (args: GqlArgs) => {
      const input = (args.input ?? {}) as {
        customerId?: string;
        smsMarketingConsent?: {
          marketingState?: string;
          marketingOptInLevel?: string;
          consentUpdatedAt?: string;
        };
      };
      const wanted = input.smsMarketingConsent ?? {};
      if (!SMS_STATES.includes(wanted.marketingState as SmsMarketingState))
        throw new GqlFieldError(
          `Variable $input of type CustomerSmsMarketingConsentUpdateInput! was provided invalid value for smsMarketingConsent.marketingState (Expected "${wanted.marketingState}" to be one of: ${SMS_STATES.join(", ")})`,
          { code: "INVALID_VARIABLE" },
        );
      if (wanted.marketingOptInLevel && !OPT_IN_LEVELS.includes(wanted.marketingOptInLevel))
        throw new GqlFieldError(`Invalid marketingOptInLevel ${wanted.marketingOptInLevel}`, {
          code: "INVALID_VARIABLE",
        });
      const payload = (customer: GqlObject | null, userErrors: object[]) => ({
        __typename: "CustomerSmsMarketingConsentUpdatePayload",
        customer,
        userErrors: userErrors.map((e) => ({ __typename: "CustomerSmsMarketingConsentError", ...e })),
      });
      const found = store.customers.find((c) => c.shop === shop && c.id === input.customerId);
      if (!found)
        return payload(null, [
          { field: ["input", "customerId"], message: "Customer not found", code: "INVALID" },
        ]);
      if (!found.phone)
        return payload(null, [
          {
            field: ["input", "smsMarketingConsent"],
            message: "A phone number is required to set the SMS consent state.",
            code: "MISSING_ARGUMENT",
          },
        ]);
      const now = new Date().toISOString();
      found.sms = {
        marketingState: wanted.marketingState as SmsMarketingState,
        marketingOptInLevel: wanted.marketingOptInLevel ?? found.sms.marketingOptInLevel,
        consentUpdatedAt: wanted.consentUpdatedAt ?? now,
        consentCollectedFrom: "OTHER",
      };
      found.updatedAt = now;
      sendWebhook("customers_marketing_consent/update", marketingConsentWebhookJson(found));
      sendWebhook("customers/update", customerWebhookJson(found));
      return payload(customerObject(found), []);
    },
  };
}

/** POST/GET /__stand-in/shops/{shop}/customers; null for any other control. */
export function customerControl(
  store: CustomerStore & { shops: Map<string, unknown> },
  method: string,
  path: string,
  json: Record<string, unknown>,
  normaliseShop: (shop: string) => string,
): { status: number; body: unknown } | null {
  const match = /^\/shops\/([^/]+)\/customers$/.exec(path);
  if (!match) return null;
  const shop = normaliseShop(decodeURIComponent(match[1]!));
  if (!store.shops.has(shop)) return { status: 404, body: { error: `no shop ${match[1]}` } };
  if (method === "GET") return { status: 200, body: store.customers.filter((c) => c.shop === shop) };
  if (method !== "POST") return null;
  const seeds = (json.customers ?? []) as SeedCustomer[];
  return { status: 200, body: seeds.map((seed) => addCustomer(store, shop, seed)) };
}
