import { tritechProfiles, whatsappConfigs } from "#db/schema";
import {
  type ResealOutcome,
  resealColumns,
  type SealedColumn,
} from "~/services/crypto/sealed-columns.server";
import { SHOPIFY_SEALED_COLUMNS } from "~/services/shopify/session-storage.server";
import { TRITECH_SECRET_PURPOSE } from "../tritech/defaults";
import { APP_SECRET_PURPOSE, TOKEN_PURPOSE } from "../whatsapp/config.server";

/**
 * Every column that holds a secret sealed with DATA_ENCRYPTION_KEY. A new one is added here, so that
 * rotating the key (README "Rotating the data encryption key") seals it again too.
 */
export const SEALED_COLUMNS: SealedColumn[] = [
  {
    table: tritechProfiles,
    key: tritechProfiles.accountId,
    column: tritechProfiles.secretSealed,
    purpose: TRITECH_SECRET_PURPOSE,
  },
  {
    table: whatsappConfigs,
    key: whatsappConfigs.accountId,
    column: whatsappConfigs.authTokenSealed,
    purpose: TOKEN_PURPOSE,
  },
  {
    table: whatsappConfigs,
    key: whatsappConfigs.accountId,
    column: whatsappConfigs.appSecretSealed,
    purpose: APP_SECRET_PURPOSE,
  },
  SHOPIFY_SEALED_COLUMNS.accessToken,
  SHOPIFY_SEALED_COLUMNS.refreshToken,
];

/**
 * Seals again, under the current DATA_ENCRYPTION_KEY, every secret sealed under one now listed in
 * DATA_ENCRYPTION_KEY_PREVIOUS, and every Shopify token still kept in clear from before they were
 * sealed. Run by every server and worker at start (several at once is safe: a row is only rewritten
 * if it still holds what was read) and by `npm run secrets:reseal`. It says what it did, and names
 * the columns holding values no configured key opens.
 */
export async function resealSecretsAtRest(log: Pick<Console, "log" | "error"> = console) {
  const outcomes = await resealColumns(SEALED_COLUMNS);
  const resealed = outcomes.reduce((sum, o) => sum + o.resealed, 0);
  if (resealed > 0) log.log(`secrets at rest: ${resealed} sealed again under DATA_ENCRYPTION_KEY`);
  const unreadable = outcomes.filter((o) => o.unreadable > 0);
  if (unreadable.length > 0)
    log.error(
      `secrets at rest: ${listUnreadable(unreadable)} open with no configured key; list the key they were sealed ` +
        'with in DATA_ENCRYPTION_KEY_PREVIOUS (README "Rotating the data encryption key")',
    );
  return outcomes;
}

function listUnreadable(outcomes: ResealOutcome[]): string {
  return outcomes.map((o) => `${o.unreadable} in ${o.column}`).join(", ");
}
