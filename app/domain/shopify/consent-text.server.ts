import { and, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { storeProfiles } from "#db/schema";
import { adminGraphql } from "./admin-api.server";
import {
  CONSENT_METAFIELD_KEYS,
  CONSENT_METAFIELD_NAMESPACE,
  DEFAULT_CONSENT_TITLE,
  defaultConsentText,
} from "./consent-defaults";
import type { ConsentTextInput } from "./consent-text-schema";

/**
 * The consent text at checkout (spec 1 sections 2, 3, 9): the title (the checkbox label) and text
 * the merchant edits in the consent-text modal. Kept twice: on the store profile (concent,
 * concentTitle; null means the spec's defaults) for our pages, and in the store as shop metafields
 * in our app's reserved namespace, which the checkout extension (extensions/sms-consent) reads.
 */

type CompanyScope = { account: { id: string; company: string } };

export type ConsentText = {
  title: string;
  text: string;
  /** False while the store shows the defaults (nothing saved yet). */
  customised: boolean;
  /** The spec's defaults for this company, which 'Use the default text' puts back. */
  defaults: { title: string; text: string };
};

function effective(
  profile: { consentTitle: string | null; consent: string | null },
  company: string,
): ConsentText {
  const defaults = { title: DEFAULT_CONSENT_TITLE, text: defaultConsentText(company) };
  return {
    title: profile.consentTitle ?? defaults.title,
    text: profile.consent ?? defaults.text,
    customised: profile.consentTitle !== null || profile.consent !== null,
    defaults,
  };
}

/** The caller's consent text, or null when the company has no installed store. */
export async function readConsentText(scope: CompanyScope): Promise<ConsentText | null> {
  const [profile] = await getDb()
    .select({ consentTitle: storeProfiles.consentTitle, consent: storeProfiles.consent })
    .from(storeProfiles)
    .where(and(eq(storeProfiles.accountId, scope.account.id), eq(storeProfiles.enabled, true)));
  return profile ? effective(profile, scope.account.company) : null;
}

const SHOP_ID = `#graphql
  query ConsentShopId { shop { id } }`;

const SET_CONSENT = `#graphql
  mutation SetConsentText($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields { key value }
      userErrors { field message code }
    }
  }`;

type SetAnswer = {
  metafieldsSet: { metafields: unknown[] | null; userErrors: Array<{ field: string[]; message: string }> };
};

/** Writes both texts to the store in one metafieldsSet (atomic on Shopify's side). Throws on failure. */
export async function writeConsentMetafields(shop: string, texts: { title: string; text: string }) {
  const { shop: owner } = await adminGraphql<{ shop: { id: string } }>(shop, SHOP_ID);
  const field = (key: string, type: string, value: string) => ({
    ownerId: owner.id,
    namespace: CONSENT_METAFIELD_NAMESPACE,
    key,
    type,
    value,
  });
  const answer = await adminGraphql<SetAnswer>(shop, SET_CONSENT, {
    metafields: [
      field(CONSENT_METAFIELD_KEYS.title, "single_line_text_field", texts.title),
      field(CONSENT_METAFIELD_KEYS.text, "multi_line_text_field", texts.text),
    ],
  });
  const errors = answer.metafieldsSet.userErrors;
  if (errors.length)
    throw new Error(
      `metafieldsSet refused: ${errors.map((e) => `${e.field.join(".")}: ${e.message}`).join("; ")}`,
    );
}

export type SaveConsentOutcome = { status: "saved" } | { status: "not-connected" } | { status: "failed" };

/**
 * Saves the consent text: to the store first, then to the profile, so a store that refuses leaves
 * nothing changed. No transaction is held open across the call to Shopify (on the embedded database
 * it would hold the only connection, which the Shopify library itself needs for the store's
 * session). Instead the profile is written only if it still holds what was read before the call;
 * when it does not (another save came first) or cannot be written, the store is put back in line
 * with the profile and the save answers 'failed' (the spec's 'Something went wrong, please try
 * again!.'). Never throws: failures are logged.
 */
export async function saveConsentText(
  scope: CompanyScope,
  input: ConsentTextInput,
): Promise<SaveConsentOutcome> {
  const db = getDb();
  const mine = and(eq(storeProfiles.accountId, scope.account.id), eq(storeProfiles.enabled, true));
  const [profile] = await db
    .select({
      id: storeProfiles.id,
      shop: storeProfiles.shopDomain,
      consentTitle: storeProfiles.consentTitle,
      consent: storeProfiles.consent,
    })
    .from(storeProfiles)
    .where(mine);
  if (!profile) return { status: "not-connected" };
  try {
    await writeConsentMetafields(profile.shop, input);
  } catch (error) {
    console.warn(`consent text: ${profile.shop} refused the consent metafields:`, error);
    return { status: "failed" };
  }
  try {
    const updated = await db
      .update(storeProfiles)
      .set({ consentTitle: input.title, consent: input.text, updatedAt: new Date() })
      .where(
        and(
          eq(storeProfiles.id, profile.id),
          mine,
          sql`${storeProfiles.consentTitle} is not distinct from ${profile.consentTitle}`,
          sql`${storeProfiles.consent} is not distinct from ${profile.consent}`,
        ),
      )
      .returning({ id: storeProfiles.id });
    if (updated.length === 1) return { status: "saved" };
    console.warn(`consent text: ${profile.shop}'s profile changed during the save; the store follows it`);
  } catch (error) {
    console.warn(`consent text: ${profile.shop}'s profile was not written:`, error);
  }
  await realignStore(scope, profile.shop);
  return { status: "failed" };
}

/** The store shows again what the profile holds (best effort: a failure is logged). */
async function realignStore(scope: CompanyScope, shop: string) {
  try {
    const current = await readConsentText(scope);
    if (current) await writeConsentMetafields(shop, current);
  } catch (error) {
    console.warn(`consent text: could not put ${shop}'s consent metafields back:`, error);
  }
}
