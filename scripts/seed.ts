// Migrates and seeds as `npm start` does: reference data and, on the local trial (loopback APP_URL)
// or with SEED_DEMO_DATA=true, the demo company and users and Demo Co's catalog (idempotent).
import { config } from "../app/config.server";
import { closeDatabase, databaseHandle } from "../db/client.server";
import { seedAll } from "../db/seed";

await seedAll(databaseHandle(), config());
await closeDatabase();
console.log("seeded");
