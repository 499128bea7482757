import { randomInt } from "node:crypto";
import { and, eq, ne, or } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { whatsappConfigs } from "#db/schema";
import { config } from "~/config.server";
import type { AccountScope, Queryable } from "~/domain/kernel/scope";
import { maskSecret, openSecret, sealSecret } from "~/services/crypto/data-encryption.server";
import type { MetaSettings } from "~/services/messaging/meta.server";
import { businessAccountNumber, graphUrl } from "~/services/messaging/meta-business.server";
import type { WhatsAppCredentials } from "./schemas";

/**
 * A company's own WhatsApp configuration (spec 3 section 3.11): saved only once Meta, asked with the
 * token, lists the phone number id among the WhatsApp Business Account's numbers ('Verify & Continue'),
 * its token and app secret sealed at rest and shown back masked, and the verify token Meta's webhook
 * subscription must echo. A phone number id and an account id each belong to one company.
 */

export const TOKEN_PURPOSE = "whatsapp-token";
export const APP_SECRET_PURPOSE = "whatsapp-app-secret";
export const WEBHOOK_PATH = "/gandalfproxy/api/whatsapp/webhook";
const VERIFY_TOKEN_LENGTH = 36;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** 36 characters from the CSPRNG (spec 3 section 9), each of 62 equally likely (randomInt is unbiased). */
export function newVerifyToken(): string {
  let out = "";
  for (let i = 0; i < VERIFY_TOKEN_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** What the view may see: never the token or the app secret whole. */
export type WhatsAppView = {
  phoneNumber: string;
  phoneNumberId: string;
  whatsappBusinessAccountId: string;
  authTokenMasked: string;
  appSecretMasked: string;
  verifyToken: string;
  webhookVerified: boolean;
  webhookUrl: string;
  templatesSyncedAt: string | null;
};

export const webhookUrl = () => `${config().APP_URL.replace(/\/$/, "")}${WEBHOOK_PATH}`;

export async function readWhatsAppConfig(
  scope: AccountScope,
  db: Queryable = getDb(),
): Promise<WhatsAppView | null> {
  const [row] = await db
    .select()
    .from(whatsappConfigs)
    .where(eq(whatsappConfigs.accountId, scope.account.id));
  if (!row) return null;
  return {
    phoneNumber: row.originationPhone,
    phoneNumberId: row.phoneNumberId,
    whatsappBusinessAccountId: row.businessAccountId,
    authTokenMasked: masked(row.authTokenSealed, TOKEN_PURPOSE),
    appSecretMasked: masked(row.appSecretSealed, APP_SECRET_PURPOSE),
    verifyToken: row.verifyToken,
    webhookVerified: row.webhookVerified,
    webhookUrl: webhookUrl(),
    templatesSyncedAt: row.templatesSyncedAt?.toISOString() ?? null,
  };
}

function masked(sealed: string, purpose: string) {
  try {
    return maskSecret(openSecret(sealed, purpose));
  } catch {
    return "••••";
  }
}

export type SaveOutcome =
  | { status: "saved" }
  | { status: "not-correct"; reason: string }
  | { status: "number-not-in-account" }
  | { status: "number-taken" }
  | { status: "account-taken" }
  | { status: "locked" };

/**
 * 'Verify & Continue' (the spec's verify-and-save): Meta, asked with the token, must list the phone
 * number id among the WhatsApp Business Account's numbers; then the configuration is stored with a new
 * verify token. Whether another company holds the number or the account is told only after Meta
 * answered, so only a holder of a token for them learns it. Once a verify token exists the credentials
 * are locked (spec 3 section 4.8): a second save is refused.
 */
export async function verifyAndSaveWhatsApp(
  scope: AccountScope,
  input: Omit<WhatsAppCredentials, "intent">,
  db: Queryable = getDb(),
): Promise<SaveOutcome> {
  const current = await readWhatsAppConfig(scope, db);
  if (current) return { status: "locked" };
  const phoneNumberId = input.phoneNumberId.trim();
  const businessAccountId = input.whatsappBusinessAccountId.trim();
  const authToken = input.authToken.trim();
  const answer = await businessAccountNumber(businessAccountId, phoneNumberId, authToken);
  if (answer.status === "refused") return { status: "not-correct", reason: answer.reason };
  if (answer.status === "not-listed") return { status: "number-not-in-account" };
  const inserted = await db
    .insert(whatsappConfigs)
    .values({
      accountId: scope.account.id,
      originationPhone: input.phoneNumber.trim(),
      phoneNumberId,
      businessAccountId,
      authTokenSealed: sealSecret(authToken, TOKEN_PURPOSE),
      appSecretSealed: sealSecret(input.appSecret.trim(), APP_SECRET_PURPOSE),
      verifyToken: newVerifyToken(),
    })
    .onConflictDoNothing()
    .returning({ accountId: whatsappConfigs.accountId });
  if (inserted.length > 0) return { status: "saved" };
  // A second save raced this one, or another company holds the number or the account.
  if (await readWhatsAppConfig(scope, db)) return { status: "locked" };
  const holders = await db
    .select({ phoneNumberId: whatsappConfigs.phoneNumberId })
    .from(whatsappConfigs)
    .where(
      and(
        ne(whatsappConfigs.accountId, scope.account.id),
        or(
          eq(whatsappConfigs.phoneNumberId, phoneNumberId),
          eq(whatsappConfigs.businessAccountId, businessAccountId),
        ),
      ),
    );
  const numberHeld = holders.length === 0 || holders.some((h) => h.phoneNumberId === phoneNumberId);
  return numberHeld ? { status: "number-taken" } : { status: "account-taken" };
}

/** Step 2's 'Verify & Save': whether Meta's subscription check (GET on the webhook) has come in. */
export async function webhookVerifiedFor(
  scope: AccountScope,
  db: Queryable = getDb(),
): Promise<boolean | null> {
  const view = await readWhatsAppConfig(scope, db);
  return view ? view.webhookVerified : null;
}

/** The company's own Graph settings for sending, or null when it has none (or they cannot be opened). */
export async function companyMetaSettings(
  accountId: string,
  db: Queryable = getDb(),
): Promise<MetaSettings | null> {
  const [row] = await db
    .select({ phoneNumberId: whatsappConfigs.phoneNumberId, sealed: whatsappConfigs.authTokenSealed })
    .from(whatsappConfigs)
    .where(eq(whatsappConfigs.accountId, accountId));
  if (!row) return null;
  try {
    return {
      phoneNumberId: row.phoneNumberId,
      accessToken: openSecret(row.sealed, TOKEN_PURPOSE),
      graphUrl: graphUrl(),
    };
  } catch (error) {
    console.error(`whatsapp: the token of account ${accountId} cannot be opened`, error);
    return null;
  }
}
