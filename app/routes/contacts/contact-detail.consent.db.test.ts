import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { consentEvents, contacts } from "#db/schema";
import { createContact } from "~/domain/contacts/contacts.server";
import { optOutByPhone } from "~/domain/messaging/consent.server";
import { signedInRequest, thrownBy } from "../../../tests/support/factories";
import { companyWithAdmin, createMember } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { action as contactDetailAction } from "./contact-detail";

/** The contact page's "sms-consent" intent, called the way React Router calls it, with a real session. */

const statusOf = (answer: unknown) => (answer as { init?: ResponseInit | null }).init?.status ?? 200;

function consentForm(consentText: string) {
  return {
    method: "POST",
    body: new URLSearchParams({ intent: "sms-consent", consentText }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  };
}

async function post(userId: string, contactId: string, consentText: string) {
  const request = await signedInRequest(
    userId,
    `http://localhost:3000/contacts/contact-detail?id=${contactId}`,
    consentForm(consentText),
  );
  return contactDetailAction({ request, params: {}, context: {} } as never);
}

async function companyWithContact(phone = "+12015550177") {
  const a = await companyWithAdmin();
  const made = await createContact(a.context, { firstName: "Ada", lastName: "Byron", phone });
  if (!made.ok) throw new Error(made.reason);
  return { ...a, contact: made.contact };
}

describeEachDatabase("recording SMS consent from the contact page", (getDb) => {
  const consentOf = async (id: string) =>
    (await getDb().select().from(contacts).where(eq(contacts.id, id)))[0].smsConsent;
  const eventsOf = (id: string) =>
    getDb().select().from(consentEvents).where(eq(consentEvents.contactId, id));

  test("a member records consent with how it was given: the contact opts in, the event keeps who and how", async () => {
    const a = await companyWithContact();
    const member = await createMember(a.account.id);
    const answer = await post(member.id, a.contact.id, "  Signed the paper form at the store  ");
    expect(answer).toMatchObject({
      intent: "sms-consent",
      ok: true,
      toast: { message: "timeline.consent.recorded" },
    });
    expect(await consentOf(a.contact.id)).toBe("opted_in");
    expect(await eventsOf(a.contact.id)).toEqual([
      expect.objectContaining({
        kind: "opt_in",
        source: "admin",
        consentText: "Signed the paper form at the store",
        ip: null,
        userId: member.id,
        accountId: a.account.id,
      }),
    ]);
  });

  test("no words of how, or too many, are refused with their message and record nothing", async () => {
    const a = await companyWithContact();
    const empty = await post(a.admin.id, a.contact.id, "   ");
    expect(statusOf(empty)).toBe(400);
    expect(JSON.stringify(empty)).toContain("timeline.consent.required");
    const long = await post(a.admin.id, a.contact.id, "x".repeat(1001));
    expect(statusOf(long)).toBe(400);
    expect(JSON.stringify(long)).toContain("timeline.consent.tooLong");
    expect(await consentOf(a.contact.id)).toBe("none");
    expect(await eventsOf(a.contact.id)).toEqual([]);
  });

  test("a contact who replied STOP cannot be opted back in by a team member", async () => {
    const a = await companyWithContact("+12015550178");
    await optOutByPhone(getDb(), "+12015550178", "STOP");
    const refused = await post(a.admin.id, a.contact.id, "They said yes on the phone");
    expect(statusOf(refused)).toBe(409);
    expect(JSON.stringify(refused)).toContain("timeline.consent.optedOutRefused");
    expect(await consentOf(a.contact.id)).toBe("opted_out");
  });

  test("another company's contact is not found and keeps its consent", async () => {
    const a = await companyWithContact();
    const b = await companyWithContact();
    const answer = await post(a.admin.id, b.contact.id, "Signed");
    expect(statusOf(answer)).toBe(404);
    expect(await consentOf(b.contact.id)).toBe("none");
  });

  test("a roadmin viewing the company gets 403 and records nothing", async () => {
    const a = await companyWithContact();
    const cookie = await roAdminViewCookie(a.account.id);
    const init = consentForm("Signed");
    const refused = (await thrownBy(
      contactDetailAction({
        request: new Request(`http://localhost:3000/contacts/contact-detail?id=${a.contact.id}`, {
          ...init,
          headers: { ...init.headers, Cookie: cookie },
        }),
        params: {},
        context: {},
      } as never),
    )) as { init: ResponseInit };
    expect(refused.init.status).toBe(403);
    expect(await consentOf(a.contact.id)).toBe("none");

    // Refused before the body is read: a post that is no intent at all is 403 too, not 400.
    const malformed = (await thrownBy(
      contactDetailAction({
        request: new Request(`http://localhost:3000/contacts/contact-detail?id=${a.contact.id}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "archive" }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        }),
        params: {},
        context: {},
      } as never),
    )) as { init: ResponseInit };
    expect(malformed.init.status).toBe(403);
  });
});
