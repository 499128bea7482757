import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { signedInRequest, thrownBy } from "../../../tests/support/factories";
import { type MetaStandIn, startMetaStandIn } from "../../../tests/support/stand-ins/meta";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { action, loader } from "./integration";

/** The WhatsApp view through the /integration route: the spec's toasts, masked secrets, RO Admin 403. */

let meta: MetaStandIn;
let savedUrl: string | undefined;
beforeAll(async () => {
  meta = await startMetaStandIn("route-phone", "route-token", { businessAccountId: "route-waba" });
});
afterAll(() => meta.close());
beforeEach(() => {
  savedUrl = process.env.META_GRAPH_URL;
  process.env.META_GRAPH_URL = meta.url;
  resetConfigForTests();
});
afterEach(() => {
  if (savedUrl === undefined) delete process.env.META_GRAPH_URL;
  else process.env.META_GRAPH_URL = savedUrl;
  resetConfigForTests();
});

const URL_WA = "http://localhost:3000/integration?view=whatsapp";
const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});
const callLoader = (request: Request) => loader({ request, params: {}, context: {} } as never);
const callAction = async (request: Request) => {
  try {
    return (await action({ request, params: {}, context: {} } as never)) as unknown as {
      data: { toast?: { message: string } };
      init?: ResponseInit;
    };
  } catch (thrown) {
    return thrown as { data: unknown; init?: ResponseInit };
  }
};

let n = 0;
function credentials() {
  n++;
  const c = {
    phoneNumber: "15550100123",
    phoneNumberId: `5001${Date.now() % 100000}${n}`,
    whatsappBusinessAccountId: `6001${Date.now() % 100000}${n}`,
    authToken: `EAAG-route-${n}-${Math.random().toString(36).slice(2)}`,
    appSecret: `secret-${n}-${Math.random().toString(36).slice(2)}`,
  };
  meta.addNumber({
    phoneNumberId: c.phoneNumberId,
    accessToken: c.authToken,
    businessAccountId: c.whatsappBusinessAccountId,
  });
  return c;
}

describeEachDatabase("/integration?view=whatsapp", () => {
  test("validation messages, 'Details are not correct', 'Your details are saved successfully', masked secrets", async () => {
    const a = await companyWithAdmin();
    const c = credentials();
    const invalid = await callAction(
      await signedInRequest(
        a.admin.id,
        URL_WA,
        form({ intent: "whatsapp-verify-and-save", phoneNumber: "  123", phoneNumberId: "   " }),
      ),
    );
    expect(invalid.init?.status).toBe(400);
    expect(JSON.stringify(invalid.data)).toContain("whatsapp.validation.phoneInvalid");
    expect(JSON.stringify(invalid.data)).toContain("whatsapp.validation.phoneNumberIdRequired");
    expect(JSON.stringify(invalid.data)).toContain("whatsapp.validation.authTokenRequired");

    const wrong = await callAction(
      await signedInRequest(
        a.admin.id,
        URL_WA,
        form({ intent: "whatsapp-verify-and-save", ...c, authToken: "bad" }),
      ),
    );
    expect(wrong.data).toMatchObject({ toast: { message: "whatsapp.notCorrect", error: true } });

    // Leading spaces are trimmed before Meta is asked.
    const saved = await callAction(
      await signedInRequest(
        a.admin.id,
        URL_WA,
        form({ intent: "whatsapp-verify-and-save", ...c, phoneNumberId: `  ${c.phoneNumberId}` }),
      ),
    );
    expect(saved.data).toMatchObject({ toast: { message: "whatsapp.saved" } });

    const data = await callLoader(await signedInRequest(a.admin.id, URL_WA));
    expect(data.view).toBe("whatsapp");
    expect(data.whatsapp).toMatchObject({ phoneNumberId: c.phoneNumberId, webhookVerified: false });
    expect(JSON.stringify(data)).not.toContain(c.authToken);
    expect(JSON.stringify(data)).not.toContain(c.appSecret);

    const check = await callAction(
      await signedInRequest(a.admin.id, URL_WA, form({ intent: "whatsapp-check-webhook" })),
    );
    expect(check.data).toMatchObject({ toast: { message: "whatsapp.verificationFailed", error: true } });
  });

  test("a number its account does not list, and an account another company holds, are refused in words; nothing is saved", async () => {
    const owner = await companyWithAdmin();
    const held = credentials();
    const save = async (adminId: string, fields: Record<string, string>) =>
      callAction(
        await signedInRequest(adminId, URL_WA, form({ intent: "whatsapp-verify-and-save", ...fields })),
      );
    expect((await save(owner.admin.id, held)).data).toMatchObject({ toast: { message: "whatsapp.saved" } });

    const other = await companyWithAdmin();
    const own = credentials();
    const outside = await save(other.admin.id, { ...own, phoneNumberId: held.phoneNumberId });
    expect(outside.data).toMatchObject({ toast: { message: "whatsapp.numberNotInAccount", error: true } });
    // A token that reaches the held account, for another of its numbers.
    const sameAccount = { ...own, phoneNumberId: `${held.phoneNumberId}9`, authToken: `${own.authToken}-2` };
    meta.addNumber({
      phoneNumberId: sameAccount.phoneNumberId,
      accessToken: sameAccount.authToken,
      businessAccountId: held.whatsappBusinessAccountId,
    });
    const taken = await save(other.admin.id, {
      ...sameAccount,
      whatsappBusinessAccountId: held.whatsappBusinessAccountId,
    });
    expect(taken.data).toMatchObject({ toast: { message: "whatsapp.businessAccountTaken", error: true } });
    expect((await callLoader(await signedInRequest(other.admin.id, URL_WA))).whatsapp).toBeNull();
  });

  test("an RO Admin sees the view and is refused every WhatsApp write with 403", async () => {
    const a = await companyWithAdmin();
    const cookie = await roAdminViewCookie(a.account.id);
    const withCookie = (init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set("Cookie", cookie);
      return new Request(URL_WA, { ...init, headers });
    };
    const data = await callLoader(withCookie());
    expect(data.can.whatsapp).toBe(false);
    for (const fields of [
      { intent: "whatsapp-verify-and-save", ...credentials() },
      { intent: "whatsapp-check-webhook" },
      { intent: "whatsapp-sync-templates" },
    ]) {
      const thrown = (await thrownBy(
        action({ request: withCookie(form(fields)), params: {}, context: {} } as never),
      )) as Response | { init?: ResponseInit };
      expect(thrown instanceof Response ? thrown.status : thrown.init?.status).toBe(403);
    }
  });
});
