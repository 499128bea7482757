import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { auditLog, tritechEvents, tritechMappings } from "#db/schema";
import { clientIpContext } from "~/context.server";
import { createProduct } from "~/domain/products/products.server";
import { signatureOf } from "~/domain/tritech/events.server";
import { signedInRequest, thrownBy } from "../../../tests/support/factories";
import { companyWithAdmin, createMember } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { action as mappingAction, loader as mappingLoader } from "../products/product-mapping";
import { action, loader } from "./integration";
import { action as eventsAction } from "./tritech-events";

// Issue 16: the Tri-Tech view's guard (company admins reveal and generate; RO Admin and other members
// get 403), and the events endpoint's answers: good, bad, missing and replayed signatures, an unknown
// account, a malformed body, an oversized one.

const BASE = "http://localhost:3000";
const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(key, one);
  return { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } };
};
const call = (fn: unknown, request: Request) =>
  (fn as (args: unknown) => Promise<unknown>)({ request, params: {}, context: {} });
const statusOf = async (answer: Promise<unknown>) => {
  const thrown = (await thrownBy(answer)) as { init?: ResponseInit } | Response;
  return thrown instanceof Response ? thrown.status : thrown.init?.status;
};
const dataOf = (answer: unknown) => (answer as { data: Record<string, unknown> }).data ?? answer;

function postEvent(body: string, headers: Record<string, string> = {}, ip = "198.51.100.7") {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  const request = new Request(`${BASE}/integrations/tritech/events`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body,
  });
  return eventsAction({ request, params: {}, context } as never) as Promise<Response>;
}

async function generated(adminId: string) {
  const answer = await call(
    action,
    await signedInRequest(adminId, `${BASE}/integration?view=tritech`, form({ intent: "tritech-generate" })),
  );
  const secret = dataOf(answer).secret as string;
  expect(secret).toMatch(/^[A-Za-z0-9]{36}$/);
  return secret;
}

describeEachDatabase("Tri-Tech routes", (getDb) => {
  test("company admins reveal and generate; members and RO Admins get 403 and never see the key", async () => {
    const a = await companyWithAdmin();
    const secret = await generated(a.admin.id);
    const revealed = await call(
      action,
      await signedInRequest(
        a.admin.id,
        `${BASE}/integration?view=tritech`,
        form({ intent: "tritech-reveal" }),
      ),
    );
    expect(dataOf(revealed).secret).toBe(secret);
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.targetId, a.account.id));
    expect(JSON.stringify(audit)).not.toContain(secret);

    const member = await createMember(a.account.id);
    for (const intent of ["tritech-reveal", "tritech-generate"])
      expect(
        await statusOf(
          call(action, await signedInRequest(member.id, `${BASE}/integration`, form({ intent }))),
        ),
      ).toBe(403);
    const roCookie = await roAdminViewCookie(a.account.id);
    for (const intent of ["tritech-reveal", "tritech-generate", "tritech-statuses"]) {
      const request = new Request(`${BASE}/integration`, {
        ...form({ intent, action: "NEW_CONTRACT", status: "x" }),
      });
      request.headers.set("Cookie", roCookie);
      expect(await statusOf(call(action, request))).toBe(403);
    }
    const roView = new Request(`${BASE}/integration?view=tritech`, { headers: { Cookie: roCookie } });
    const view = (await call(loader, roView)) as {
      tritech: { hasSecret: boolean; endpoint: string; can: Record<string, boolean> };
    };
    expect(view.tritech).toMatchObject({ hasSecret: true });
    expect(view.tritech.endpoint).toMatch(/\/integrations\/tritech\/events$/);
    expect(view.tritech.can).toEqual({ secret: false, configure: false });
    expect(JSON.stringify(view)).not.toContain(secret);
  });

  test("statuses: 'Please Enter value!' when empty, trimmed when saved", async () => {
    const a = await companyWithAdmin();
    const url = `${BASE}/integration?view=tritech-events`;
    const empty = (await call(
      action,
      await signedInRequest(
        a.admin.id,
        url,
        form({ intent: "tritech-statuses", action: "NEW_CONTRACT", status: ["ok", "  "] }),
      ),
    )) as { init: ResponseInit; data: unknown };
    expect(empty.init.status).toBe(400);
    expect(JSON.stringify(empty.data)).toContain("Please Enter value!");
    const saved = await call(
      action,
      await signedInRequest(
        a.admin.id,
        url,
        form({ intent: "tritech-statuses", action: "NEW_CONTRACT", status: ["  Weekly  ", "Lease"] }),
      ),
    );
    expect(dataOf(saved).statuses).toEqual(["Weekly", "Lease"]);
  });

  test("the Tri-Tech tab maps a product; RO Admins are refused", async () => {
    const a = await companyWithAdmin();
    const product = await createProduct(a.context, "Kit");
    if (!product.ok) throw new Error(product.reason);
    const url = `${BASE}/product-mapping?tab=tritech`;
    const saved = await call(
      mappingAction,
      await signedInRequest(
        a.admin.id,
        url,
        form({ intent: "tritech-mapping", productId: product.product.id, pair: ["2-3", "4-1"] }),
      ),
    );
    expect(dataOf(saved)).toMatchObject({ saved: true, pairs: ["2-3", "4-1"] });
    const page = (await call(mappingLoader, await signedInRequest(a.admin.id, url))) as {
      tritech: { synced: boolean; rows: { name: string; pairs: string[] }[] };
    };
    expect(page.tritech).toMatchObject({ synced: false, rows: [{ name: "Kit", pairs: ["2-3", "4-1"] }] });
    const request = new Request(url, form({ intent: "tritech-mapping", productId: product.product.id }));
    request.headers.set("Cookie", await roAdminViewCookie(a.account.id));
    expect(await statusOf(call(mappingAction, request))).toBe(403);
    expect(
      await getDb().select().from(tritechMappings).where(eq(tritechMappings.accountId, a.account.id)),
    ).toHaveLength(1);
  });

  test("the endpoint: good, bad, missing and replayed signatures, unknown account, malformed and oversized bodies", async () => {
    const a = await companyWithAdmin();
    const secret = await generated(a.admin.id);
    const handshake = JSON.stringify({
      eventId: "hs-1",
      accountId: a.account.id,
      action: "AIM_BLUSTEAM_HANDSHAKE",
    });

    // Issue 32 item 13: every authentication failure answers the same, so the answers do not tell which
    // account ids exist or have a key: missing, malformed and wrong signatures, an account id that is not
    // one, an unknown one, and a company without a key.
    const keyless = await companyWithAdmin();
    const unauthenticated = {
      status: "refused",
      reason: "the signature is missing or does not match the account's key",
    };
    const signedFor = (accountId: string, key: string) => {
      const body = JSON.stringify({ eventId: "x", accountId, action: "NEW_CONTRACT" });
      return [body, { "X-TriTech-Signature": signatureOf(body, key) }] as const;
    };
    const failures = [
      [handshake, {}],
      [handshake, { "X-TriTech-Signature": "sha256=not-hex" }],
      [handshake, { "X-TriTech-Signature": signatureOf(handshake, "not-the-secret") }],
      signedFor("00000000-0000-4000-8000-000000000000", secret),
      signedFor("not-a-uuid", secret),
      signedFor(keyless.account.id, secret),
      signedFor(keyless.account.id, ""),
    ] as const;
    for (const [body, headers] of failures) {
      const answer = await postEvent(body, headers);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual(unauthenticated);
    }

    const good = await postEvent(handshake, { "X-TriTech-Signature": signatureOf(handshake, secret) });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({
      status: "processed",
      reason: "handshake: the integration is synced",
    });
    const replayed = await postEvent(handshake, { "X-TriTech-Signature": signatureOf(handshake, secret) });
    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toEqual({
      status: "processed",
      reason: "already received: handshake: the integration is synced",
    });
    expect(
      await getDb().select().from(tritechEvents).where(eq(tritechEvents.accountId, a.account.id)),
    ).toHaveLength(1);

    const notJson = "{not json";
    const broken = await postEvent(notJson, { "X-TriTech-Signature": signatureOf(notJson, secret) });
    expect(broken.status).toBe(400);
    expect((await broken.json()).reason).toBe("the body is not JSON");
    const malformed = JSON.stringify({
      eventId: "evt-1",
      accountId: a.account.id,
      action: "NEW_CONTRACT",
      transactionStatus: "Best Value Monthly",
      contract: { id: "C-1" },
      customer: { email: "not-an-email" },
      items: [],
    });
    const refused = await postEvent(malformed, { "X-TriTech-Signature": signatureOf(malformed, secret) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      status: "refused",
      reason: "customer.email is not an email address",
    });
    const noItems = JSON.stringify({
      ...JSON.parse(malformed),
      customer: { email: "a@b.co" },
      items: undefined,
    });
    const missingItems = await postEvent(noItems, { "X-TriTech-Signature": signatureOf(noItems, secret) });
    expect((await missingItems.json()).reason).toBe("items is missing");

    const huge = JSON.stringify({
      eventId: "big",
      accountId: a.account.id,
      action: "X",
      pad: "x".repeat(1024 * 1024),
    });
    const tooLarge = await postEvent(huge, { "X-TriTech-Signature": signatureOf(huge, secret) });
    expect(tooLarge.status).toBe(413);
    expect(
      await getDb().select().from(tritechEvents).where(eq(tritechEvents.accountId, a.account.id)),
    ).toHaveLength(1);
  });
});
