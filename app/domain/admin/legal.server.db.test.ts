import { eq } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { auditLog, legalDocuments } from "#db/schema";
import { termsAcceptanceNeeded } from "~/domain/accounts/accounts.server";
import { action as legalAction } from "~/routes/resources/admin/legal";
import { type AppEvent, resetEventsForTests, subscribeToEvents } from "~/services/events/events.server";
import {
  addMembership,
  createAccount,
  createUser,
  signedInRequest,
  thrownBy,
} from "../../../tests/support/factories";
import { memberContext, viewerOf } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { loadTermsTab, updateLegalLink } from "./legal.server";
import { legalLinkSchema } from "./legal-link";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

type ActionArgs = Parameters<typeof legalAction>[0];
type DataAnswer = {
  data: {
    toast?: { message: string; error?: boolean } | null;
    result?: { error?: Record<string, string[]> };
  };
  init: { status?: number } | null;
};
async function postLink(userId: string, fields: Record<string, string>) {
  const request = await signedInRequest(userId, "http://localhost:3000/resources/admin/legal", {
    method: "POST",
    body: new URLSearchParams({ intent: "update", ...fields }),
  });
  return legalAction({ request } as ActionArgs);
}

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

  test("the resource route saves for an admin and returns the field errors of a bad link", async () => {
    await seedLegal();
    const admin = await createUser({ roles: ["admin"] });

    const bad = (await postLink(admin.id, { kind: "terms", url: "not a link" })) as unknown as DataAnswer;
    expect(bad.init?.status).toBe(400);
    expect(bad.data.result?.error).toEqual({ url: ["adminTerms.validation.linkInvalid"] });
    const empty = (await postLink(admin.id, { kind: "terms", url: "" })) as unknown as DataAnswer;
    expect(empty.data.result?.error).toEqual({ url: ["adminTerms.validation.linkRequired"] });
    expect((await documentOf("terms")).url).toBe("/legal/terms-and-conditions.pdf");

    const ok = (await postLink(admin.id, {
      kind: "privacy",
      url: "https://example.com/privacy.pdf",
    })) as unknown as DataAnswer;
    expect(ok.data.toast).toEqual({ message: "adminTerms.toasts.privacyUpdated" });
    expect((await documentOf("privacy")).url).toBe("https://example.com/privacy.pdf");
  });

  test("roadmins and members get 403 from the resource route, and the link stays", async () => {
    await seedLegal();
    const roadmin = await createUser({ roles: ["roadmin"] });
    const member = await createUser();
    await addMembership(member.id, (await createAccount()).id, { isCompanyAdmin: true });

    for (const caller of [roadmin, member]) {
      const thrown = (await thrownBy(
        postLink(caller.id, { kind: "terms", url: "https://evil.example.com/terms.pdf" }),
      )) as DataAnswer;
      expect(thrown.init?.status).toBe(403);
    }
    expect((await documentOf("terms")).url).toBe("/legal/terms-and-conditions.pdf");
    expect(await getDb().select().from(auditLog)).toEqual([]);
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
