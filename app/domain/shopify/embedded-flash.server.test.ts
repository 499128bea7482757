import { describe, expect, it } from "vitest";
import { redirectWithToast } from "~/domain/auth/session.server";
import { embeddedFlashUrl, readEmbeddedFlash } from "./embedded-flash.server";
import { EMBEDDED_FLASH_PARAM } from "./embedded-setup";

const APP = "http://localhost:3000";
const toast = { message: "contacts.toasts.contactDeleted" as const };

describe("a redirect's toast inside the Shopify admin", () => {
  it("travels in the URL of a redirect answering the admin's fetch, with no cookie", async () => {
    const request = new Request(`${APP}/contacts-detail?id=1`, {
      method: "POST",
      headers: { Authorization: "Bearer some.session.token" },
    });
    const response = await redirectWithToast(request, "/contacts?page=2", toast);

    const location = new URL(response.headers.get("Location") ?? "", APP);
    expect(location.pathname).toBe("/contacts");
    expect(location.searchParams.get("page")).toBe("2");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(readEmbeddedFlash(new Request(location))).toMatchObject(toast);
  });

  it("stays in the session cookie in the standalone app", async () => {
    const response = await redirectWithToast(new Request(`${APP}/contacts-detail`), "/contacts", toast);
    expect(response.headers.get("Location")).toBe("/contacts");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=/);
  });

  it("is read once per redirect (its id), and never when forged, altered or a minute old", () => {
    const now = Date.now();
    const url = new URL(embeddedFlashUrl("/contacts", toast, now), APP);
    const read = readEmbeddedFlash(new Request(url), now);
    expect(read).toMatchObject({ message: "contacts.toasts.contactDeleted" });
    expect(read?.id).toBeTruthy();
    expect(readEmbeddedFlash(new Request(url), now + 61_000)).toBeNull();

    const [body, signature] = (url.searchParams.get(EMBEDDED_FLASH_PARAM) ?? "").split(".");
    const other = Buffer.from(JSON.stringify({ toast: { message: "toasts.pleaseLogin" }, at: now })).toString(
      "base64url",
    );
    for (const value of [`${other}.${signature}`, `${body}.${signature}x`, body, "", "a.b.c"]) {
      const forged = new URL(`${APP}/contacts`);
      forged.searchParams.set(EMBEDDED_FLASH_PARAM, value);
      expect(readEmbeddedFlash(new Request(forged), now), value).toBeNull();
    }
  });
});
