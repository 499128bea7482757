import { expect, test } from "vitest";
import { getDb } from "#db/client.server";
import { createAccount, createUser } from "../../../../tests/support/factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { deleteAsset, listAssets, openPublicAsset, uploadAsset } from "./assets.server";
import { findChatCompanyBySubdomain, getChatBranding, saveChatBranding } from "./branding.server";
import {
  BRANDING_ERRORS,
  DEFAULT_IMAGES,
  defaultChatBranding,
  expandHex,
  textColorOn,
  withReadableText,
} from "./branding-schema";

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

describeEachDatabase("web chat branding rules and assets", () => {
  const aliasPatterns = [
    { regex: "^[a-z0-9-]+$", errorMessage: "Only lowercase letters, digits and hyphens are allowed" },
    { regex: "^.{3,63}$", errorMessage: "Must be between 3 and 63 characters long" },
  ];
  async function company(name: string, chat: string) {
    const account = await createAccount({ company: name, chatstreamSubdomain: chat });
    const user = await createUser();
    return { account, actor: { accountId: account.id, userId: user.id } };
  }
  const png = (width: number, height: number) => {
    const bytes = new Uint8Array(33);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(bytes.buffer).setUint32(16, width);
    new DataView(bytes.buffer).setUint32(20, height);
    return bytes;
  };

  test("an empty subdomain or short name, a bad colour or link are refused field by field", async () => {
    const { account, actor } = await company("Acme", "acme-one");
    const result = await saveChatBranding(
      getDb(),
      actor,
      {
        ...defaultChatBranding("Acme", ""),
        shortAppName: "  ",
        mainElementColor: "#12345",
        linkTextColor: "blue",
        faqLink: "javascript:alert(1)",
        favicon: "https://evil.example.com/x.png",
      },
      aliasPatterns,
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        subdomain: [BRANDING_ERRORS.blank],
        shortAppName: [BRANDING_ERRORS.blank],
        mainElementColor: [BRANDING_ERRORS.color],
        linkTextColor: [BRANDING_ERRORS.color],
        faqLink: [BRANDING_ERRORS.link],
        favicon: [BRANDING_ERRORS.image],
      },
    });
    expect(await getChatBranding(getDb(), account.id)).toEqual(defaultChatBranding("Acme", "acme-one"));
  });

  test("the configured patterns and the uniqueness checks come back as one list of problems", async () => {
    await company("Taken", "taken-chat");
    const taker = await company("Other", "other-chat");
    await saveChatBranding(
      getDb(),
      taker.actor,
      { ...defaultChatBranding("Other", "other-chat"), shortAppName: "Glow" },
      [],
    );
    const { account, actor } = await company("Acme", "acme-two");
    const problems = await saveChatBranding(
      getDb(),
      actor,
      { ...defaultChatBranding("Acme", "TAKEN-chat"), shortAppName: "glow" },
      aliasPatterns,
    );
    expect(problems).toEqual({
      ok: false,
      problems: [BRANDING_ERRORS.subdomainTaken, BRANDING_ERRORS.shortNameTaken],
    });
    const pattern = await saveChatBranding(getDb(), actor, defaultChatBranding("Acme", "a_b"), aliasPatterns);
    expect(pattern).toEqual({
      ok: false,
      problems: ["Only lowercase letters, digits and hyphens are allowed"],
    });
    // Without configured patterns, the built-in rule.
    expect(await saveChatBranding(getDb(), actor, defaultChatBranding("Acme", "-ab"), [])).toEqual({
      ok: false,
      problems: [BRANDING_ERRORS.subdomainFormat],
    });
    expect((await getChatBranding(getDb(), account.id)).subdomain).toBe("acme-two");
    // Its own subdomain and short name are no clash.
    const own = await saveChatBranding(
      getDb(),
      actor,
      { ...defaultChatBranding("Acme", "acme-two"), shortAppName: "Acme" },
      aliasPatterns,
    );
    expect(own.ok).toBe(true);
    expect(
      (
        await saveChatBranding(
          getDb(),
          actor,
          { ...defaultChatBranding("Acme", "acme-two"), shortAppName: "ACME" },
          aliasPatterns,
        )
      ).ok,
    ).toBe(true);
  });

  test("colour rules: 3 or 6 digits; text black or white by brightness above 186", () => {
    expect(textColorOn("#fff")).toBe("#000000");
    expect(textColorOn("#BBBBBB")).toBe("#000000"); // 187
    expect(textColorOn("#BABABA")).toBe("#FFFFFF"); // 186
    expect(textColorOn("#1F5199")).toBe("#FFFFFF");
    expect(textColorOn("#ff0")).toBe("#000000");
    expect(expandHex("#a1c")).toBe("#AA11CC");
  });

  test("images: uploaded (png sizes read), listed by name both ways, served, chosen, deleted", async () => {
    const { account, actor } = await company("Acme", "acme-img");
    const other = await company("Other", "other-img");
    const logo = await uploadAsset(getDb(), account.id, { name: "logo.png", bytes: png(512, 512) });
    const badge = await uploadAsset(getDb(), account.id, { name: "Badge.png", bytes: png(192, 192) });
    if (!logo.ok || !badge.ok) throw new Error("not uploaded");
    expect(logo.asset).toMatchObject({
      name: "logo.png",
      width: 512,
      height: 512,
      url: expect.stringMatching(/^\/webchat-assets\/[0-9a-f-]{36}\.png$/),
    });
    expect((await listAssets(getDb(), account.id, "asc")).map((a) => a.name)).toEqual([
      "Badge.png",
      "logo.png",
    ]);
    expect((await listAssets(getDb(), account.id, "desc")).map((a) => a.name)).toEqual([
      "logo.png",
      "Badge.png",
    ]);
    expect(await listAssets(getDb(), other.account.id)).toEqual([]);
    expect(
      await uploadAsset(getDb(), account.id, {
        name: "x.svg",
        bytes: new TextEncoder().encode("<svg onload=alert(1)>"),
      }),
    ).toEqual({ ok: false, reason: "not_an_image" });
    const served = await openPublicAsset(getDb(), logo.asset.url.split("/").pop() ?? "");
    expect(served?.contentType).toBe("image/png");
    served?.stream.destroy();
    expect(await openPublicAsset(getDb(), "../../etc/passwd")).toBeNull();

    // Another company cannot show (or delete) this company's image.
    const stolen = await saveChatBranding(
      getDb(),
      other.actor,
      { ...defaultChatBranding("Other", "other-img"), favicon: logo.asset.url },
      [],
    );
    expect(stolen).toEqual({ ok: false, fieldErrors: { favicon: [BRANDING_ERRORS.image] } });
    expect(await deleteAsset(getDb(), other.account.id, logo.asset.id)).toBe(false);

    const chosen = {
      ...defaultChatBranding("Acme", "acme-img"),
      favicon: badge.asset.url,
      homeScreenIcon: logo.asset.url,
    };
    expect((await saveChatBranding(getDb(), actor, chosen, [])).ok).toBe(true);
    expect(await deleteAsset(getDb(), account.id, logo.asset.id)).toBe(true);
    expect(await openPublicAsset(getDb(), logo.asset.url.split("/").pop() ?? "")).toBeNull();
    // The branding that showed it falls back to the default image; the other choice stays.
    expect(await getChatBranding(getDb(), account.id)).toMatchObject({
      favicon: badge.asset.url,
      homeScreenIcon: DEFAULT_IMAGES.homeScreenIcon,
    });
  });
});

test("a new background colour flips its text to black or white, unless a text colour was chosen", () => {
  const base = defaultChatBranding("Acme", "acme");
  const light = withReadableText({ ...base, mainElementColor: "#FFEE00" }, "mainElementColor");
  expect(light.buttonTextColor).toBe("#000000");
  expect(
    withReadableText({ ...light, mainElementColor: "#112233" }, "mainElementColor").buttonTextColor,
  ).toBe("#FFFFFF");
  const chosen = { ...base, contactMessageTextColor: "#FF0000", contactMessageBackgroundColor: "#FFFFFF" };
  expect(withReadableText(chosen, "contactMessageBackgroundColor").contactMessageTextColor).toBe("#FF0000");
  // Half-typed colours change nothing.
  expect(withReadableText({ ...base, mainElementColor: "#FF" }, "mainElementColor")).toEqual({
    ...base,
    mainElementColor: "#FF",
  });
});
