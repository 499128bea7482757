import { extractOpenApi } from "../openapi-extract.ts";

/**
 * Remakes business-messaging-api_v23.0.extract.json from Meta's published OpenAPI (README.md beside this):
 *   node tests/contracts/meta/extract.ts <path to business-messaging-api_v23.0.yaml at the commit below>
 *   npx biome format --write tests/contracts/meta
 */
extractOpenApi({
  specFile: process.argv[2] ?? "business-messaging-api_v23.0.yaml",
  outFile: new URL("./business-messaging-api_v23.0.extract.json", import.meta.url).pathname,
  source: {
    repository: "https://github.com/facebook/openapi",
    path: "business-messaging-api_v23.0.yaml",
    commit: "ecba623b4aba6ae770185b074ed77ed5acef22f7",
    retrieved: "2026-11-28",
  },
  // What the app calls and the Meta stand-in answers: sending a message (text and template), the
  // business account's phone numbers ('Verify & Continue') and message templates (template sync),
  // and a phone number's own details (the stand-in answers it; the app no longer asks).
  operations: [
    { path: "/{Version}/{Phone-Number-ID}/messages", method: "post" },
    { path: "/{Version}/{WABA-ID}/phone_numbers", method: "get" },
    { path: "/{Version}/{WABA-ID}/message_templates", method: "get" },
    { path: "/{Version}/{Phone-Number-ID}", method: "get" },
  ],
  // Graph's cursor paging, which the template list's own inline schema leaves out (see the test).
  schemas: ["schemas/CursorPaging"],
});
