import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { linkClicks, trackedLinks } from "#db/schema";
import { createAccount } from "../../../tests/support/factories";
import {
  createContact,
  createMessage,
  createTouchpoint,
} from "../../../tests/support/stand-ins/messaging-fixtures";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { loader as linkLoader } from "../../routes/links/link";
import * as linkCodes from "./link-codes";
import {
  createMessageLink,
  createTouchpointLink,
  followTrackedLink,
  getTrackedLink,
} from "./tracked-links.server";

/** Tracked links: creation (validated, tenant-scoped, collision-safe) and /l/{code} (302 + click, or 404). */

const i18nContext = {
  get: () => ({ t: (key: string) => key }),
};

async function visit(code: string, userAgent = "Mozilla/5.0 (iPhone) Test") {
  const request = new Request(`http://localhost:3000/l/${code}`, { headers: { "User-Agent": userAgent } });
  try {
    return (await linkLoader({ request, params: { code }, context: i18nContext } as never)) as unknown;
  } catch (thrown) {
    return thrown;
  }
}

describeEachDatabase("tracked links", (getDb) => {
  test("createTouchpointLink stores the company's link to an http(s) target and answers its code", async () => {
    const account = await createAccount();
    const { touchpoint } = await createTouchpoint(account.id);

    const { code } = await createTouchpointLink(
      account.id,
      touchpoint.id,
      "  https://shop.example.com/sale?x=1 ",
    );

    expect(linkCodes.isLinkCode(code)).toBe(true);
    expect(await getDb().select().from(trackedLinks)).toEqual([
      expect.objectContaining({
        code,
        accountId: account.id,
        touchpointId: touchpoint.id,
        targetUrl: "https://shop.example.com/sale?x=1",
        messageId: null,
        contactId: null,
      }),
    ]);
  });

  test("createTouchpointLink refuses other schemes, bad addresses and another company's touchpoint", async () => {
    const account = await createAccount();
    const other = await createAccount();
    const { touchpoint } = await createTouchpoint(account.id);
    for (const target of [
      "javascript:alert(1)",
      "ftp://files.example.com/a",
      "not a url",
      "",
      "mailto:a@b.c",
    ]) {
      await expect(createTouchpointLink(account.id, touchpoint.id, target)).rejects.toThrow(
        "The link target must be an http or https address",
      );
    }
    await expect(createTouchpointLink(other.id, touchpoint.id, "https://example.com")).rejects.toThrow(
      "Touchpoint not found",
    );
    await expect(createTouchpointLink(account.id, "not-a-uuid", "https://example.com")).rejects.toThrow(
      "Touchpoint not found",
    );
    expect(await getDb().$count(trackedLinks)).toBe(0);
  });

  test("a code collision draws another code", async () => {
    const account = await createAccount();
    const { touchpoint } = await createTouchpoint(account.id);
    const first = await createTouchpointLink(account.id, touchpoint.id, "https://example.com/1");
    const spy = vi
      .spyOn(linkCodes, "newLinkCode")
      .mockReturnValueOnce(first.code)
      .mockReturnValueOnce("Zz23456789");
    try {
      const second = await createTouchpointLink(account.id, touchpoint.id, "https://example.com/2");
      expect(second.code).toBe("Zz23456789");
    } finally {
      spy.mockRestore();
    }
    expect(await getDb().$count(trackedLinks)).toBe(2);
  });

  test("/l/{code} redirects (302) to the target and records the click with the message, contact, touchpoint and user agent", async () => {
    const account = await createAccount();
    const contact = await createContact(account.id, { phone: "+15550101010" });
    const { journey, touchpoint } = await createTouchpoint(account.id, {
      linkTarget: "https://shop.example.com/p/1",
    });
    const message = await createMessage({
      accountId: account.id,
      idempotencyKey: "e:0:t",
      contactId: contact.id,
      journeyId: journey.id,
      touchpointId: touchpoint.id,
      channel: "sms",
      status: "sent",
    });
    const { code } = await createMessageLink(getDb(), {
      accountId: account.id,
      messageId: message.id,
      contactId: contact.id,
      touchpointId: touchpoint.id,
      targetUrl: "https://shop.example.com/p/1",
    });

    const answer = (await visit(code)) as Response;
    expect(answer).toBeInstanceOf(Response);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("https://shop.example.com/p/1");
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    await visit(code, "Second visit");

    const clicks = await getDb().select().from(linkClicks).orderBy(linkClicks.clickedAt);
    expect(clicks).toEqual([
      expect.objectContaining({
        accountId: account.id,
        messageId: message.id,
        contactId: contact.id,
        touchpointId: touchpoint.id,
        userAgent: "Mozilla/5.0 (iPhone) Test",
      }),
      expect.objectContaining({ userAgent: "Second visit" }),
    ]);
    expect(clicks[0].clickedAt).toBeInstanceOf(Date);
  });

  test("an unknown or malformed code is a 404 page and records nothing", async () => {
    const account = await createAccount();
    const { touchpoint } = await createTouchpoint(account.id);
    await createTouchpointLink(account.id, touchpoint.id, "https://example.com");
    for (const code of ["Zz23456789", "abc", "0OlI0OlI", "x".repeat(40), "%3Cscript%3E"]) {
      const answer = (await visit(code)) as { data: { title: string }; init: ResponseInit };
      expect(answer.init.status).toBe(404);
      expect(answer.data.title).toBe("messaging.link.pageTitle · Blusteam");
    }
    expect(await getDb().$count(linkClicks)).toBe(0);
    expect(await followTrackedLink("Zz23456789", null)).toBeNull();
  });

  test("getTrackedLink is scoped to the company", async () => {
    const account = await createAccount();
    const other = await createAccount();
    const { touchpoint } = await createTouchpoint(account.id);
    const { code } = await createTouchpointLink(account.id, touchpoint.id, "https://example.com");
    expect(await getTrackedLink(account.id, code)).toMatchObject({ code, accountId: account.id });
    expect(await getTrackedLink(other.id, code)).toBeNull();
    expect(await getDb().select().from(trackedLinks).where(eq(trackedLinks.accountId, other.id))).toEqual([]);
  });
});
