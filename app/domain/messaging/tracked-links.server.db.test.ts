import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { trackedLinks } from "#db/schema";
import { createAccount } from "../../../tests/support/factories";
import { createTouchpoint } from "../../../tests/support/stand-ins/messaging-fixtures";
import { describeEachDatabase } from "../../../tests/support/test-database";
import * as linkCodes from "./link-codes";
import { createTouchpointLink, getTrackedLink } from "./tracked-links.server";

/** Tracked links: creation (validated, tenant-scoped, collision-safe) and scoping; /l/{code} is tested beside its route. */

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
