import { randomBytes } from "node:crypto";
import type { MetaNumber } from "./stand-ins/meta";

/**
 * The Meta Graph API stand-in of the e2e server (tests/support/e2e-server.ts), from the specs: a new
 * WhatsApp business number (phone number id, token, WABA id, app secret) for one test.
 */
const standInUrl = () => {
  const url = process.env.META_STAND_IN_URL;
  if (!url) throw new Error("META_STAND_IN_URL is not set (playwright.config.ts sets it)");
  return url;
};

export async function newWhatsAppNumber(templates: MetaNumber["templates"] = []) {
  const digits = () =>
    String(100_000_000_000_000 + (Number.parseInt(randomBytes(6).toString("hex"), 16) % 900_000_000_000_000));
  const number = {
    phoneNumberId: digits(),
    businessAccountId: digits(),
    accessToken: `EAAG${randomBytes(24).toString("base64url")}`,
    appSecret: randomBytes(16).toString("hex"),
  };
  const answer = await fetch(`${standInUrl()}/__stand-in/numbers`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...number, templates, displayPhoneNumber: "+1 555-0100" }),
  });
  if (!answer.ok) throw new Error(`Meta stand-in: ${answer.status}`);
  return number;
}
