import { eq } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { auditLog, legalDocuments } from "#db/schema";
import { termsAcceptanceNeeded } from "~/domain/accounts/accounts.server";
import { type AppEvent, resetEventsForTests, subscribeToEvents } from "~/services/events/events.server";
import { addMembership, createAccount, createUser } from "../../../tests/support/factories";
import { memberContext, viewerOf } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { loadTermsTab, updateLegalLink } from "./legal.server";
import { legalLinkSchema } from "./legal-link";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describeEachDatabase("admin legal links", (getDb) => {
  async function seedLegal(updatedAt = minutesAgo(60)) {
    await getDb()
      .insert(legalDocuments)
      .values([
        { kind: "privacy", url: "/legal/privacy-policy.pdf", updatedAt },
        { kind: "terms", url: "/legal/terms-and-conditions.pdf", updatedAt },
      ]);
  }
  const documentOf = async (kind: "terms" | "privacy") =>
    (await getDb().select().from(legalDocuments).where(eq(legalDocuments.kind, kind)))[0];

  test("the tab lists the terms, then the privacy policy, with their versions; none when empty", async () => {
    expect(await loadTermsTab()).toEqual({ documents: [] });
    const version = minutesAgo(60);
    await seedLegal(version);

    expect(await loadTermsTab()).toEqual({
      documents: [
        { kind: "terms", url: "/legal/terms-and-conditions.pdf", updatedAt: version.toISOString() },
        { kind: "privacy", url: "/legal/privacy-policy.pdf", updatedAt: version.toISOString() },
      ],
    });
  });

  test("a new terms link is a new version: companies that accepted before it must accept again", async () => {
    await seedLegal(minutesAgo(60));
    const admin = await viewerOf((await createUser({ roles: ["admin"], email: "boss@example.com" })).id);
    const accepted = await createAccount({ metadata: { TnCAcceptedAt: minutesAgo(30).toISOString() } });
    const member = await createUser();
    await addMembership(member.id, accepted.id);
    expect(await termsAcceptanceNeeded(await memberContext(member.id))).toBe(false);
    const before = await documentOf("terms");

    const saved = await updateLegalLink(admin, "terms", "https://cdn.example.com/terms-v2.pdf");

    const after = await documentOf("terms");
    expect(after.url).toBe("https://cdn.example.com/terms-v2.pdf");
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(saved).toEqual({
      kind: "terms",
      url: "https://cdn.example.com/terms-v2.pdf",
      updatedAt: after.updatedAt.toISOString(),
    });
    expect(await termsAcceptanceNeeded(await memberContext(member.id))).toBe(true);
    expect((await documentOf("privacy")).url).toBe("/legal/privacy-policy.pdf");

    const entries = await getDb().select().from(auditLog);
    expect(entries).toMatchObject([
      {
        actorEmail: "boss@example.com",
        action: "legal.update",
        targetType: "legal",
        targetId: "terms",
        before: { url: "/legal/terms-and-conditions.pdf", updatedAt: before.updatedAt.toISOString() },
        after: { url: "https://cdn.example.com/terms-v2.pdf", updatedAt: after.updatedAt.toISOString() },
      },
    ]);
  });

  test("two quick saves still give two increasing versions; a missing document is created", async () => {
    const admin = await viewerOf((await createUser({ roles: ["admin"] })).id);

    const first = await updateLegalLink(admin, "privacy", "/legal/privacy-v1.pdf");
    const second = await updateLegalLink(admin, "privacy", "/legal/privacy-v2.pdf");

    expect(new Date(second.updatedAt).getTime()).toBeGreaterThan(new Date(first.updatedAt).getTime());
    expect((await loadTermsTab()).documents).toEqual([
      { kind: "privacy", url: "/legal/privacy-v2.pdf", updatedAt: second.updatedAt },
    ]);
    const entries = await getDb().select().from(auditLog);
    expect(entries.map((e) => [e.targetId, e.before])).toContainEqual(["privacy", null]);
  });

  test("the link must be given and be an http(s) URL or a path of this site", () => {
    const errorsOf = (url: string | undefined) => {
      const parsed = legalLinkSchema.safeParse({ intent: "update", kind: "terms", url });
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(errorsOf(undefined)).toEqual(["adminTerms.validation.linkRequired"]);
    expect(errorsOf("   ")).toEqual(["adminTerms.validation.linkRequired"]);
    for (const bad of [
      "javascript:alert(1)",
      "ftp://example.com/terms.pdf",
      "example.com/terms.pdf",
      "//evil.example/terms.pdf",
      "https://",
      "https://nodot/terms.pdf",
      "https://example.com/a b.pdf",
      `https://example.com/${"a".repeat(2001)}`,
    ]) {
      expect(errorsOf(bad), bad).toEqual(["adminTerms.validation.linkInvalid"]);
    }
    for (const good of [
      "https://example.com/terms.pdf",
      "http://cdn.example.co.uk/legal/terms?v=2",
      "/legal/terms-and-conditions.pdf",
      " https://example.com/terms.pdf ",
    ]) {
      expect(errorsOf(good), good).toEqual([]);
    }
  });
});

describeEachDatabase(
  "admin legal links events",
  () => {
    afterEach(() => resetEventsForTests());

    test("saving a link tells every open page (the terms topic)", async () => {
      const received: AppEvent[] = [];
      const stop = await subscribeToEvents((event) => received.push(event));
      const admin = await viewerOf((await createUser({ roles: ["admin"] })).id);

      await updateLegalLink(admin, "terms", "https://example.com/terms.pdf");

      await expect.poll(() => received, { timeout: 3_000 }).toEqual([{ topic: "terms" }]);
      stop();
    });
  },
  { freshPerTest: true },
);
