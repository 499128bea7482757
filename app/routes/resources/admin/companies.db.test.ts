import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { accounts, auditLog, dashboards } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import {
  addMembership,
  createAccount,
  createUser,
  signedInRequest,
  thrownBy,
} from "../../../../tests/support/factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { action as companiesAction } from "./companies";
import { action as dashboardsAction } from "./dashboards";

/** The resource routes of the Companies tab, called the way React Router calls them, with a real session cookie. */

type Action = (args: never) => Promise<unknown>;
const routes: Array<[string, Action, string]> = [
  ["companies", companiesAction as Action, "/resources/admin/companies"],
  ["dashboards", dashboardsAction as Action, "/resources/admin/dashboards"],
];

async function post(action: Action, userId: string, path: string, fields: Record<string, string>) {
  const request = await signedInRequest(userId, `http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return action({ request, params: {}, context: {} } as never);
}

/** What an action answered or threw: data() gives { data, init }. */
const statusOf = (answer: unknown) => (answer as { init?: ResponseInit | null }).init?.status ?? 200;

const validCreate = {
  intent: "create",
  company: "Forged Co",
  url: "www.forged.test",
  accountStatus: "ACTIVE",
  dashboardId: "default",
  linkShortenerSubdomain: "forged-links",
  chatstreamSubdomain: "forged-chat",
};

describeEachDatabase("admin company routes", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });

  test.each(routes)(
    "a roadmin's POST to %s is refused with 403 and writes nothing",
    async (_name, action, path) => {
      const roadmin = await createUser({ roles: ["roadmin"] });
      const fields = path.endsWith("dashboards") ? { intent: "create", id: "x", name: "X" } : validCreate;

      const refused = (await thrownBy(post(action, roadmin.id, path, fields))) as {
        data: unknown;
        init: ResponseInit;
      };

      expect(refused.init.status).toBe(403);
      expect(refused.data).toEqual({ error: "Forbidden" });
      expect(await getDb().select().from(accounts)).toEqual([]);
      expect(await getDb().select().from(dashboards).where(eq(dashboards.id, "x"))).toEqual([]);
      expect(await getDb().select().from(auditLog)).toEqual([]);
    },
  );

  test.each(routes)("a company member's POST to %s is refused with 403", async (_name, action, path) => {
    const member = await createUser();
    await addMembership(member.id, (await createAccount()).id, { isCompanyAdmin: true });
    const refused = (await thrownBy(post(action, member.id, path, { intent: "delete", id: "x" }))) as {
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(403);
  });

  test("an admin's POST creates the company; invalid input gets the spec's messages", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const created = await post(
      companiesAction as Action,
      admin.id,
      "/resources/admin/companies",
      validCreate,
    );
    expect(statusOf(created)).toBe(200);
    expect((created as { data: { partial: boolean } }).data.partial).toBe(false);
    const [row] = await getDb().select().from(accounts).where(eq(accounts.company, "Forged Co"));
    expect(row).toMatchObject({ linkShortenerSubdomain: "forged-links", chatstreamSubdomain: "forged-chat" });

    const invalid = (await post(companiesAction as Action, admin.id, "/resources/admin/companies", {
      intent: "create",
      company: "-bad",
      url: "nope",
      linkShortenerSubdomain: "-Bad",
      chatstreamSubdomain: "",
    })) as { data: { result: { error: Record<string, string[]> } }; init: ResponseInit };
    expect(invalid.init.status).toBe(400);
    expect(invalid.data.result.error).toEqual({
      company: ["adminCompanies.validation.companyNameInvalid"],
      url: ["adminCompanies.validation.companyUrlInvalid"],
      accountStatus: ["adminCompanies.validation.statusRequired"],
      dashboardId: ["adminCompanies.validation.dashboardRequired"],
      // Every failing configured pattern, not only the first.
      linkShortenerSubdomain: [
        "Only lowercase letters, digits and hyphens are allowed",
        "Cannot start or end with a hyphen",
      ],
      chatstreamSubdomain: ["adminCompanies.validation.chatstreamRequired"],
    });
  });

  test("a LATE_START date before yesterday is refused", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const account = await createAccount();
    const answer = (await post(companiesAction as Action, admin.id, "/resources/admin/companies", {
      intent: "status",
      accountId: account.id,
      accountStatus: "LATE_START",
      lateStartAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    })) as { data: { result: { error: Record<string, string[]> } }; init: ResponseInit };
    expect(answer.init.status).toBe(400);
    expect(answer.data.result.error).toEqual({
      lateStartAt: ["adminCompanies.validation.lateStartTooEarly"],
    });
    expect((await getDb().select().from(accounts).where(eq(accounts.id, account.id)))[0].accountStatus).toBe(
      "ACTIVE",
    );
  });
});
