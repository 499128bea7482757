import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { whatsappConfigs } from "#db/schema";
import { config } from "~/config.server";
import type { AccountScope, Queryable } from "~/domain/kernel/scope";
import { maskSecret, openSecret, sealSecret } from "~/services/crypto/data-encryption.server";
import type { MetaSettings } from "~/services/messaging/meta.server";
import { graphUrl, phoneNumberAnswers } from "~/services/messaging/meta-business.server";
import type { WhatsAppCredentials } from "./schemas";

/**
 * A company's own WhatsApp configuration (spec 3 section 3.11): saved only once Meta answers for the
 * phone number id with the token ('Verify & Continue'), its token and app secret sealed at rest and
 * shown back masked, and the verify token Meta's webhook subscription must echo.
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
  | { status: "number-taken" }
  | { status: "locked" };

/**
 * 'Verify & Continue' (the spec's verify-and-save): Meta must answer for the phone number id with the
 * token, then the configuration is stored with a new verify token. Once a verify token exists the
 * credentials are locked (spec 3 section 4.8): a second save is refused.
 */
export async function verifyAndSaveWhatsApp(
  scope: AccountScope,
  input: Omit<WhatsAppCredentials, "intent">,
  db: Queryable = getDb(),
): Promise<SaveOutcome> {
  const current = await readWhatsAppConfig(scope, db);
  if (current) return { status: "locked" };
  const answer = await phoneNumberAnswers(input.phoneNumberId.trim(), input.authToken.trim());
  if (!answer.ok) return { status: "not-correct", reason: answer.reason };
  const inserted = await db
    .insert(whatsappConfigs)
    .values({
      accountId: scope.account.id,
      originationPhone: input.phoneNumber.trim(),
      phoneNumberId: input.phoneNumberId.trim(),
      businessAccountId: input.whatsappBusinessAccountId.trim(),
      authTokenSealed: sealSecret(input.authToken.trim(), TOKEN_PURPOSE),
      appSecretSealed: sealSecret(input.appSecret.trim(), APP_SECRET_PURPOSE),
      verifyToken: newVerifyToken(),
    })
    .onConflictDoNothing()
    .returning({ accountId: whatsappConfigs.accountId });
  if (inserted.length > 0) return { status: "saved" };
  // Another company uses that phone number id, or a second save raced this one.
  return (await readWhatsAppConfig(scope, db)) ? { status: "locked" } : { status: "number-taken" };
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
