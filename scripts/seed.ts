// Seeds reference data and, unless SEED_DEMO_DATA=false, the demo company and users, and Demo Co's
// products, contacts and journeys (idempotent).

import { seedDemoCatalog } from "../app/domain/demo/demo-catalog.server";
import { closeDatabase, databaseHandle } from "../db/client.server";
import { seedDemoData, seedReferenceData } from "../db/seed";

const database = databaseHandle();
await database.migrate();
await seedReferenceData(database.db);
if (process.env.SEED_DEMO_DATA !== "false") {
  await seedDemoData(database.db);
  await seedDemoCatalog();
}
await closeDatabase();
console.log("seeded");
