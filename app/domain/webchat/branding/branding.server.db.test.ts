import { expect, test } from "vitest";
import { getDb } from "#db/client.server";
import { createAccount, createUser } from "../../../../tests/support/factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { findChatCompanyBySubdomain, getChatBranding, saveChatBranding } from "./branding.server";
import { defaultChatBranding } from "./branding-schema";

describeEachDatabase("web chat branding", () => {
  test("a company that never saved gets the defaults, named after it, on its ChatStream subdomain", async () => {
    const account = await createAccount({ company: "Acme Skin", chatstreamSubdomain: "acme-skin" });
    expect(await getChatBranding(getDb(), account.id)).toEqual(defaultChatBranding("Acme Skin", "acme-skin"));
    expect(await findChatCompanyBySubdomain(getDb(), "ACME-skin")).toEqual({
      accountId: account.id,
      companyName: "Acme Skin",
      branding: defaultChatBranding("Acme Skin", "acme-skin"),
    });
    expect(await findChatCompanyBySubdomain(getDb(), "nobody-here")).toBeNull();
  });

  test("a saved branding is what the chat app reads, with the new subdomain", async () => {
    const account = await createAccount({ company: "Acme Skin", chatstreamSubdomain: "acme-skin" });
    const user = await createUser();
    const branding = { ...defaultChatBranding("Acme Skin", "acme-chat"), mainElementColor: "#abc" };
    const saved = await saveChatBranding(getDb(), { accountId: account.id, userId: user.id }, branding, []);
    expect(saved).toEqual({ ok: true, branding });
    expect(await getChatBranding(getDb(), account.id)).toEqual(branding);
    expect(await findChatCompanyBySubdomain(getDb(), "acme-skin")).toBeNull();
    expect((await findChatCompanyBySubdomain(getDb(), "acme-chat"))?.branding.mainElementColor).toBe("#abc");
  });
});
