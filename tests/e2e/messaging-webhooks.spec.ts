import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { freshCompanyAdmin, postContact, screenshot, uniquePhone } from "../support/contacts-e2e";
import { expect, test } from "../support/e2e-helpers";

// Issue 6 items 6 and 7 through the running server: Twilio's inbound webhook (signed as Twilio signs
// it, posted from "another site" as Twilio's servers do) opts a contact out and confirms once, a replay
// does nothing; an unknown tracked link gets the friendly 404 page.

const authToken = process.env.TWILIO_AUTH_TOKEN ?? "e2e-twilio-auth-token";
const port = Number(process.env.E2E_PORT ?? 3100);
const appUrl = `http://localhost:${port}`;

/** Twilio's X-Twilio-Signature: HMAC-SHA1 of the URL and the sorted name+value pairs, base64. */
function sign(path: string, params: Record<string, string>) {
  const payload =
    appUrl +
    path +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join("");
  return createHmac("sha1", authToken).update(payload).digest("base64");
}

async function postInbound(
  page: Page,
  params: Record<string, string>,
  signature = sign("/webhooks/twilio/sms", params),
) {
  return page.request.post("/webhooks/twilio/sms", {
    form: params,
    headers: {
      "X-Twilio-Signature": signature,
      Origin: "https://api.twilio.com",
      "Sec-Fetch-Site": "cross-site",
    },
    maxRedirects: 0,
  });
}

test("a signed inbound STOP opts the contact out and is confirmed once; a replay and a forgery change nothing", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await freshCompanyAdmin(page);
  // A valid number (an exchange never starts with 0 or 1, so Date.now() digits will not do).
  const phone = uniquePhone();
  const digits = phone.replace(/\D/g, "");
  const e164 = `+1${digits}`;
  await postContact(page, { firstName: "Sam", lastName: "Stopper", phone });

  const params = {
    MessageSid: `SM${digits}${"0".repeat(22)}`,
    AccountSid: "AC00000000000000000000000000000001",
    From: e164,
    To: "+15005550006",
    Body: "Stop",
  };
  const forged = await postInbound(page, params, "bm90IGEgc2lnbmF0dXJl");
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toBe("Invalid signature");

  const first = await postInbound(page, params);
  expect(first.status()).toBe(200);
  expect(first.headers()["content-type"]).toContain("text/xml");
  expect(await first.text()).toContain(
    "<Response><Message>You have been unsubscribed and will receive no more messages. Reply START to resubscribe.</Message></Response>",
  );
  const replay = await postInbound(page, params);
  expect(replay.status()).toBe(200);
  expect(await replay.text()).toContain("<Response></Response>");

  await page.goto("/contacts");
  await page.getByRole("link", { name: "Sam", exact: true }).click();
  await expect(page).toHaveURL(/contact-detail\?id=/);
  await expect(page.getByText("Opted out of SMS", { exact: true }).first()).toBeVisible();
  // One STOP, one event on the timeline, despite the replay.
  await expect(page.getByText("Opted out of SMS (SMS reply)", { exact: true })).toHaveCount(1);
  await screenshot(page, "contact-opted-out-by-stop");
});

test("an unknown tracked link shows a friendly 404 page, in English and in French", async ({ page }) => {
  const response = await page.goto("/l/Zz23456a");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This link does not exist" })).toBeVisible();
  await expect(page.getByText("The link you followed may have been mistyped")).toBeVisible();
  await expect(page).toHaveTitle("Link not found · Blusteam");
  await screenshot(page, "tracked-link-404");

  const french = await page.goto("/l/not-a-code!?lng=fr");
  expect(french?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Ce lien n'existe pas" })).toBeVisible();
  await screenshot(page, "tracked-link-404-fr");
});
