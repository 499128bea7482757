import { extractOpenApi } from "../openapi-extract.ts";

/**
 * Remakes twilio_api_v2010.extract.json from Twilio's published OpenAPI (see README.md beside this):
 *   node tests/contracts/twilio/extract.ts <path to spec/json/twilio_api_v2010.json at the commit below>
 *   npx biome format --write tests/contracts/twilio
 */
extractOpenApi({
  specFile: process.argv[2] ?? "twilio_api_v2010.json",
  outFile: new URL("./twilio_api_v2010.extract.json", import.meta.url).pathname,
  source: {
    repository: "https://github.com/twilio/twilio-oai",
    path: "spec/json/twilio_api_v2010.json",
    commit: "d50069b44ea8cd23141385bdb6db48f16ff75bb5",
    retrieved: "2026-11-28",
  },
  // Creating a message (what sendTwilioSms calls and the stand-in answers); the Message resource and
  // its status enum come with it.
  operations: [{ path: "/2010-04-01/Accounts/{AccountSid}/Messages.json", method: "post" }],
});
