import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TWILIO_MESSAGE_STATUSES } from "~/domain/messaging/delivery-status.server";
import { sendTwilioSms } from "~/services/messaging/twilio.server";
import { loadContract, operationPointer } from "../contracts/openapi-validate";
import { startTwilioStandIn, type TwilioStandIn } from "../support/stand-ins/twilio";

/**
 * Our Twilio SMS adapter and the Twilio stand-in, held against Twilio's own OpenAPI for the 2010-04-01
 * API (an extract of twilio/twilio-oai's spec/json/twilio_api_v2010.json: tests/contracts/twilio).
 */

const contract = loadContract(new URL("../contracts/twilio/twilio_api_v2010.extract.json", import.meta.url));
const CREATE = operationPointer("/2010-04-01/Accounts/{AccountSid}/Messages.json", "post");
const MESSAGE = "#/components/schemas/api.v2010.account.message";
const ACCOUNT_SID = `AC${"0123456789abcdef".repeat(2)}`;
const AUTH_TOKEN = "contract-auth-token";

let twilio: TwilioStandIn;
beforeAll(async () => {
  twilio = await startTwilioStandIn(ACCOUNT_SID, AUTH_TOKEN);
});
afterAll(() => twilio.close());

const settings = () => ({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  from: "+15005550006",
  apiUrl: twilio.url,
});

describe("Twilio's published OpenAPI", () => {
  test("the extract names its source", () => {
    expect((contract.document as { "x-extract"?: object })["x-extract"]).toMatchObject({
      repository: "https://github.com/twilio/twilio-oai",
      path: "spec/json/twilio_api_v2010.json",
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
  });

  test("what sendTwilioSms posts to Messages.json is a CreateMessageRequest: only parameters Twilio has", async () => {
    twilio.reset();
    await sendTwilioSms(settings(), "+15550001234", "Hello from the contract test", "message-id-1");
    await sendTwilioSms(settings(), "+15550001234", "No message id: a plain status callback");
    expect(twilio.requests).toHaveLength(2);
    for (const request of twilio.requests) {
      expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
      const form = Object.fromEntries(new URLSearchParams(request.body));
      expect(
        contract.errors(`${CREATE}/requestBody/content/application~1x-www-form-urlencoded/schema`, form),
      ).toEqual([]);
      expect(Object.keys(form).sort()).toEqual(["Body", "From", "StatusCallback", "To"]);
    }
  });

  test("every message status Twilio's enum has is handled, and we handle none it lacks", () => {
    const statuses = contract.document.components?.schemas?.message_enum_status as { enum: string[] };
    expect(Object.keys(TWILIO_MESSAGE_STATUSES).sort()).toEqual([...statuses.enum].sort());
  });

  test("the stand-in's 201 is a Message resource: every field Twilio's has, none it lacks, valid values", async () => {
    const answer = await fetch(`${twilio.url}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ To: "+15550001234", From: "+15005550006", Body: "Hi" }),
    });
    expect(answer.status).toBe(201);
    const message = (await answer.json()) as Record<string, unknown>;
    expect(contract.errors(`${CREATE}/responses/201/content/application~1json/schema`, message)).toEqual([]);
    // Twilio answers every field of the resource (null when it has no value): none may be missing.
    const resource = contract.document.components?.schemas?.["api.v2010.account.message"] as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(message).sort()).toEqual(Object.keys(resource.properties).sort());
    expect(contract.errors(MESSAGE, { ...message, status: "partially_delivered" })).toEqual([]);
  });

  test("the contract check fails on an answer Twilio would not give", () => {
    const valid = { sid: `SM${"0".repeat(32)}`, status: "queued", to: "+15550001234" };
    expect(contract.errors(MESSAGE, valid)).toEqual([]);
    expect(contract.errors(MESSAGE, { ...valid, status: "bounced" })).not.toEqual([]);
    expect(contract.errors(MESSAGE, { ...valid, segments: 1 })).toEqual([
      "/ must NOT have unevaluated properties: segments",
    ]);
    expect(contract.errors(MESSAGE, { ...valid, error_code: "30003" })).not.toEqual([]);
  });
});
