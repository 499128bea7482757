import { expect, test } from "vitest";
import { signingAlgorithmOf, twilioSignature, twimlResponse } from "./twilio.server";

// Twilio's published request-validation example (auth token 12345).
const URL = "https://mycompany.com/myapp.php?foo=1&bar=2";
const PARAMS = {
  CallSid: "CA1234567890ABCDE",
  Caller: "+14158675309",
  Digits: "1234",
  From: "+14158675309",
  To: "+18005551212",
};

test("the signature matches Twilio's documented example, whatever the order of the parameters", () => {
  expect(twilioSignature("12345", URL, Object.entries(PARAMS))).toBe("RSOYDt4T1cUTdK1PDd93/VVr8B8=");
  expect(twilioSignature("12345", URL, Object.entries(PARAMS).reverse())).toBe(
    "RSOYDt4T1cUTdK1PDd93/VVr8B8=",
  );
});

test("every input changes the signature: token, URL, a value", () => {
  const documented = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";
  expect(twilioSignature("12346", URL, Object.entries(PARAMS))).not.toBe(documented);
  expect(twilioSignature("12345", `${URL}&x=1`, Object.entries(PARAMS))).not.toBe(documented);
  expect(twilioSignature("12345", URL, Object.entries({ ...PARAMS, Digits: "9999" }))).not.toBe(documented);
});

test("HMAC-SHA256 signs the same string as HMAC-SHA1: the value Twilio's own library computes", () => {
  // twilio@6.3.1, lib/webhooks/webhooks.js: getExpectedTwilioSignature("12345", URL, PARAMS, "HMAC_SHA256").
  const sha256 = "033hgUJA9M/hXIZsYjwkerEP/DBm35nEri5FhCYjA5s=";
  expect(twilioSignature("12345", URL, Object.entries(PARAMS), "HMAC_SHA256")).toBe(sha256);
  expect(twilioSignature("12345", URL, Object.entries(PARAMS).reverse(), "HMAC_SHA256")).toBe(sha256);
  expect(twilioSignature("12346", URL, Object.entries(PARAMS), "HMAC_SHA256")).not.toBe(sha256);
});

test("the settings header names the algorithm; none named is HMAC-SHA1; an unknown one is refused", () => {
  expect(signingAlgorithmOf("key=webhooks_sharedkey_01jx,algorithm=HMAC_SHA256")).toBe("HMAC_SHA256");
  expect(signingAlgorithmOf(" algorithm = hmac_sha256 , key=webhooks_sharedkey_01jx")).toBe("HMAC_SHA256");
  expect(signingAlgorithmOf("key=webhooks_sharedkey_01jx,algorithm=HMAC_SHA1")).toBe("HMAC_SHA1");
  expect(signingAlgorithmOf("algorithm=,algorithm=HMAC_SHA256")).toBe("HMAC_SHA256");
  for (const header of [null, "", "key=webhooks_sharedkey_01jx", "algorithm="]) {
    expect(signingAlgorithmOf(header)).toBe("HMAC_SHA1");
  }
  for (const header of ["algorithm=HMAC_SHA512", "algorithm=RSA", "algorithm=constructor"]) {
    expect(signingAlgorithmOf(header)).toBeNull();
  }
});

test("TwiML replies are XML-escaped; no reply is an empty Response", async () => {
  const reply = twimlResponse(`Tom & Jerry's <shop> "deals"`);
  expect(reply.headers.get("Content-Type")).toBe("text/xml; charset=utf-8");
  expect(await reply.text()).toBe(
    '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Tom &amp; Jerry&apos;s &lt;shop&gt; &quot;deals&quot;</Message></Response>',
  );
  expect(await twimlResponse(null).text()).toBe(
    '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
  );
});
