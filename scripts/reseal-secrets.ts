/**
 * `npm run secrets:reseal`: seals every secret kept at rest again under DATA_ENCRYPTION_KEY (those
 * sealed under a key in DATA_ENCRYPTION_KEY_PREVIOUS, and Shopify tokens kept in clear by an older
 * version), as every server and worker also does at start, and says per column what it did. Exits 1
 * while some value opens with no configured key: DATA_ENCRYPTION_KEY_PREVIOUS must not be emptied yet.
 */
import { assertDataEncryptionKeyConfigured, config } from "../app/config.server";
import { resealSecretsAtRest } from "../app/domain/platform/secrets-at-rest.server";
import { closeDatabase, databaseHandle } from "../db/client.server";
import { loadSharedSessionSecret } from "../db/start-up";

const settings = config();
assertDataEncryptionKeyConfigured(settings);
const database = databaseHandle();
await database.exclusive(async (migrate) => {
  await migrate();
  await loadSharedSessionSecret(database, settings);
});
const outcomes = await resealSecretsAtRest();
for (const { column, resealed, unreadable } of outcomes)
  console.log(`${column}: ${resealed} sealed again${unreadable ? `, ${unreadable} unreadable` : ""}`);
await closeDatabase();
process.exit(outcomes.some((o) => o.unreadable > 0) ? 1 : 0);
