// Applies the migrations to DATABASE_URL, or to the embedded database in DATA_DIR (npm start does this too).
import { closeDatabase, databaseHandle } from "../db/client.server";

await databaseHandle().migrate();
await closeDatabase();
console.log("migrations applied");
