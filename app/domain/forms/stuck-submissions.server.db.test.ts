import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, expect, test, vi } from "vitest";
import { getDb } from "#db/client.server";
import { contacts, pendingFormSubmissions } from "#db/schema";
import { stopJobs } from "~/services/jobs/jobs.server";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  applyPendingSubmissions,
  failureSummary,
  MAX_SUBMISSION_ATTEMPTS,
  runApplySubmissionsJob,
} from "./apply-submissions.server";
import { defaultFormDocument } from "./form-document";
import { createForm } from "./forms.server";
import { plainReason, retryStuckSubmissions, stuckSubmissions } from "./stuck-submissions.server";
import type { PendingPayload } from "./submit.server";

// Submissions the apply job gave up on: counted for their own company only, put back in the queue by
// Retry (their company's only), and applied by the next run.

afterEach(() => stopJobs());

/** A company with a form, and a pending submission of it as the public form's request stores one. */
async function companyWithForm(name: string) {
  const a = await companyWithAdmin(name);
  const form = await createForm(a.context, defaultFormDocument());
  if (!form.ok) throw new Error("form");
  return { ...a, formId: form.form.id };
}

function payload(phone: string, attributeId?: string): PendingPayload {
  return {
    values: { firstName: "Bo", phone },
    contact: { firstName: "Bo", lastName: "Li", phone, email: null },
    contactAttributes: attributeId ? { [attributeId]: "x" } : {},
    productAttributes: {},
    productIds: [],
  };
}

async function pending(
  c: { account: { id: string }; formId: string },
  phone: string,
  options: { attempts?: number; lastError?: string; attributeId?: string } = {},
) {
  await getDb()
    .insert(pendingFormSubmissions)
    .values({
      formId: c.formId,
      accountId: c.account.id,
      idempotencyKey: randomUUID(),
      payload: payload(phone, options.attributeId),
      attempts: options.attempts ?? 0,
      lastError: options.lastError ?? null,
      notBefore: new Date(Date.now() + 3_600_000),
    });
}

describeEachDatabase("stuck form submissions", () => {
  test("a failing submission is tried MAX times, then waits; its error keeps the database's code", async () => {
    const a = await companyWithForm("Acme");
    // A value for an attribute that does not exist (deleted after the post): a foreign key refusal.
    await pending(a, "+4790000001", { attributeId: "00000000-0000-4000-8000-000000000001" });
    await getDb().update(pendingFormSubmissions).set({ notBefore: new Date() });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let now = Date.now();
    let tries = 0;
    for (let i = 0; i < MAX_SUBMISSION_ATTEMPTS + 3; i++) {
      const { claimed } = await applyPendingSubmissions({ now: new Date(now) });
      tries += claimed;
      now += 2 * 3_600_000; // past any backoff
    }
    logged.mockRestore();
    expect(tries).toBe(MAX_SUBMISSION_ATTEMPTS);
    const [row] = await getDb().select().from(pendingFormSubmissions);
    expect(row?.attempts).toBe(MAX_SUBMISSION_ATTEMPTS);
    // The SQLSTATE and the database's own words, not the query error's text with the visitor's answers.
    expect(row?.lastError).toMatch(/^23503 /);
    expect(row?.lastError).not.toContain("+4790000001");
    expect(await stuckSubmissions(a.context)).toEqual({ count: 1, reason: "deleted" });
  });

  test("only the company's own stuck submissions are counted and retried; Retry applies them", async () => {
    const a = await companyWithForm("Acme");
    const b = await companyWithForm("Other");
    const stuck = { attempts: MAX_SUBMISSION_ATTEMPTS, lastError: "23505 duplicate key value" };
    await pending(a, "+4790000001", stuck);
    await pending(a, "+4790000002", { ...stuck, lastError: "XX000 something internal" });
    // Still being tried: not stuck.
    await pending(a, "+4790000003", { attempts: 3, lastError: "23503 fk" });
    await pending(b, "+4790000004", stuck);

    const mine = await stuckSubmissions(a.context);
    expect(mine.count).toBe(2);
    expect(await stuckSubmissions(b.context)).toEqual({ count: 1, reason: "conflict" });

    expect(await retryStuckSubmissions(a.context)).toBe(2);
    expect(await stuckSubmissions(a.context)).toEqual({ count: 0, reason: null });
    const rows = await getDb()
      .select({ accountId: pendingFormSubmissions.accountId, attempts: pendingFormSubmissions.attempts })
      .from(pendingFormSubmissions)
      .orderBy(pendingFormSubmissions.attempts);
    expect(rows.filter((r) => r.accountId === a.account.id).map((r) => r.attempts)).toEqual([0, 0, 3]);
    expect(rows.find((r) => r.accountId === b.account.id)?.attempts).toBe(MAX_SUBMISSION_ATTEMPTS);

    // Due now: the next run makes them contacts; B's stays stuck, A's third waits for its backoff.
    expect(await runApplySubmissionsJob()).toBe(2);
    const made = await getDb()
      .select({ phone: contacts.phone })
      .from(contacts)
      .where(eq(contacts.accountId, a.account.id))
      .orderBy(contacts.phone);
    expect(made.map((c) => c.phone)).toEqual(["+4790000001", "+4790000002"]);
    expect(await stuckSubmissions(b.context)).toEqual({ count: 1, reason: "conflict" });
    const [left] = await getDb()
      .select({ count: sql<number>`count(*)::int` })
      .from(contacts)
      .where(eq(contacts.accountId, b.account.id));
    expect(left?.count).toBe(0);

    // Nothing stuck: Retry changes nothing.
    expect(await retryStuckSubmissions(a.context)).toBe(0);
  });
});

test("failure summaries keep a SQLSTATE found on the error or its cause; only known classes get words", () => {
  const cause = Object.assign(new Error('insert or update on table "x" violates foreign key constraint'), {
    code: "23503",
  });
  const wrapped = new Error("Failed query: insert into x values ($1) params: +4790000001", { cause });
  expect(failureSummary(wrapped)).toBe('23503 insert or update on table "x" violates foreign key constraint');
  expect(failureSummary(new Error("plain"))).toBe("plain");
  expect(failureSummary("text")).toBe("text");
  expect(plainReason(failureSummary(wrapped))).toBe("deleted");
  expect(plainReason("23505 duplicate key")).toBe("conflict");
  expect(plainReason("22001 value too long")).toBe("invalid");
  expect(plainReason("57P01 terminating connection")).toBe("unavailable");
  expect(plainReason("XX000 internal")).toBeNull();
  expect(plainReason("Failed query: 23503")).toBeNull();
  expect(plainReason(null)).toBeNull();
});
