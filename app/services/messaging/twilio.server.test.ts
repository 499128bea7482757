import { expect, test } from "vitest";
import { twilioSignature, twimlResponse } from "./twilio.server";

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
