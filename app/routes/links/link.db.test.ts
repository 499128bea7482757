import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { linkClicks } from "#db/schema";
import {
  createMessageLink,
  createTouchpointLink,
  followTrackedLink,
} from "~/domain/messaging/tracked-links.server";
import { createAccount } from "../../../tests/support/factories";
import {
  createContact,
  createMessage,
  createTouchpoint,
} from "../../../tests/support/stand-ins/messaging-fixtures";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { loader as linkLoader } from "./link";

/** /l/{code}: 302 to the target with the click recorded, or the 404 page. */

// A request's context as the root middleware leaves it: no language chosen, so English.
const i18nContext = new RouterContextProvider();

async function visit(code: string, userAgent = "Mozilla/5.0 (iPhone) Test") {
  const request = new Request(`http://localhost:3000/l/${code}`, { headers: { "User-Agent": userAgent } });
  try {
    return (await linkLoader({ request, params: { code }, context: i18nContext } as never)) as unknown;
  } catch (thrown) {
    return thrown;
  }
}

describeEachDatabase("/l/{code}", (getDb) => {
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
      expect(answer.data.title).toBe("Link not found · Blusteam");
    }
    expect(await getDb().$count(linkClicks)).toBe(0);
    expect(await followTrackedLink("Zz23456789", null)).toBeNull();
  });
});
