import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { auditLog, legalDocuments } from "#db/schema";
import {
  addMembership,
  createAccount,
  createUser,
  signedInRequest,
  thrownBy,
} from "../../../../tests/support/factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { action as legalAction } from "./legal";

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

describeEachDatabase("/resources/admin/legal", (getDb) => {
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
