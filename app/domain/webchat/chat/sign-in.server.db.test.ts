import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { chatConversations, chatSessions, chatSignInTokens } from "#db/schema";
import { mailsTo } from "../../../../tests/support/factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import {
  createChatCompany,
  createChatContact,
  signInValuesIn,
} from "../../../../tests/support/webchat-factories";
import {
  chatRateLimits,
  MAX_WRONG_CODES,
  redeemSignInCode as redeemCode,
  redeemSignInLink as redeemLink,
  requestSignIn,
} from "./sign-in.server";

// A sign-in here finishes its Welcome email before the test goes on: one left running would meet the
// next test's clean-up of the database (a deadlock on PostgreSQL, seen once).
async function settled<T>(answer: Promise<T>): Promise<T> {
  const result = await answer;
  if (result && typeof result === "object" && "welcome" in result) await result.welcome;
  return result;
}
const redeemSignInLink = (options: Parameters<typeof redeemLink>[0]) => settled(redeemLink(options));
const redeemSignInCode = (options: Parameters<typeof redeemCode>[0]) => settled(redeemCode(options));

const otherThan = (code: string) => (code === "000000" ? "000001" : "000000");
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

describeEachDatabase("web chat sign-in", (getDb) => {
  async function askForLink(
    company: { accountId: string; subdomain: string },
    email: string,
    ip = freshIp(),
  ) {
    const answer = await requestSignIn({ ...company, email, ip });
    await answer.delivery;
    return answer;
  }

  async function signInValues(company: { accountId: string; subdomain: string }, email: string) {
    await askForLink(company, email);
    const mails = await mailsTo(email);
    return signInValuesIn(mails[mails.length - 1].text);
  }

  test("a contact gets the New Magic Link email; an unknown address gets the same answer and nothing", async () => {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);

    const known = await askForLink(company, contact.email.toUpperCase());
    const unknown = await askForLink(company, "nobody@example.com");

    expect(known.status).toBe("sent");
    expect(unknown.status).toBe("sent");
    const [mail] = await mailsTo(contact.email);
    expect(mail.subject).toBe(`Your sign-in link for ${company.company}`);
    expect(mail.text).toContain(`/c/${company.subdomain}/magic?token=`);
    expect(mail.text).toMatch(/code:\s*\d{6}/);
    expect(await mailsTo("nobody@example.com")).toEqual([]);
    const tokens = await getDb().select().from(chatSignInTokens);
    expect(tokens).toHaveLength(1);
    const { token, code } = signInValuesIn(mail.text);
    // Only hashes are stored.
    expect(JSON.stringify(tokens)).not.toContain(token);
    expect(tokens[0].codeHash).not.toContain(code);
    expect(tokens[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(tokens[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  });

  test("an inactive contact, or a malformed address, gets no email", async () => {
    const company = await createChatCompany();
    const inactive = await createChatContact(company.accountId, { isActive: false });

    expect((await askForLink(company, inactive.email)).status).toBe("sent");
    expect((await askForLink(company, "not an email")).status).toBe("invalid_email");
    expect(await mailsTo(inactive.email)).toEqual([]);
  });

  test("the code signs in once; the link of the same email is then used up too", async () => {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const { token, code } = await signInValues(company, contact.email);

    const first = await redeemSignInCode({
      accountId: company.accountId,
      email: contact.email,
      code,
      ip: freshIp(),
    });
    const again = await redeemSignInCode({
      accountId: company.accountId,
      email: contact.email,
      code,
      ip: freshIp(),
    });
    const link = await redeemSignInLink({ accountId: company.accountId, token, ip: freshIp() });

    expect(first).toMatchObject({ status: "signed_in", contactId: contact.contactId });
    expect(again).toEqual({ status: "invalid" });
    expect(link).toEqual({ status: "invalid" });
    expect(await getDb().select().from(chatSessions)).toHaveLength(1);
  });

  test("the link signs in once; a replay is refused", async () => {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const { token } = await signInValues(company, contact.email);

    const first = await redeemSignInLink({ accountId: company.accountId, token, ip: freshIp() });
    const replay = await redeemSignInLink({ accountId: company.accountId, token, ip: freshIp() });

    expect(first.status).toBe("signed_in");
    expect(replay).toEqual({ status: "invalid" });
  });

  test("after 15 minutes neither the link nor the code works", async () => {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const { token, code } = await signInValues(company, contact.email);
    await getDb().update(chatSignInTokens).set({ expiresAt: sql`now() - interval '1 second'` });

    expect(await redeemSignInLink({ accountId: company.accountId, token, ip: freshIp() })).toEqual({
      status: "invalid",
    });
    expect(
      await redeemSignInCode({ accountId: company.accountId, email: contact.email, code, ip: freshIp() }),
    ).toEqual({ status: "invalid" });
  });

  test("a new email replaces the unused link and code", async () => {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const first = await signInValues(company, contact.email);
    const second = await signInValues(company, contact.email);

    expect(
      await redeemSignInLink({ accountId: company.accountId, token: first.token, ip: freshIp() }),
    ).toEqual({
      status: "invalid",
    });
    expect(
      (await redeemSignInLink({ accountId: company.accountId, token: second.token, ip: freshIp() })).status,
    ).toBe("signed_in");
  });

  test(`after ${MAX_WRONG_CODES} wrong codes even the right one is refused`, async () => {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const { code } = await signInValues(company, contact.email);
    const ip = freshIp();
    for (let i = 0; i < MAX_WRONG_CODES; i++)
      expect(
        await redeemSignInCode({
          accountId: company.accountId,
          email: contact.email,
          code: otherThan(code),
          ip,
        }),
      ).toEqual({ status: "invalid" });

    expect(await redeemSignInCode({ accountId: company.accountId, email: contact.email, code, ip })).toEqual({
      status: "invalid",
    });
  });

  test("another company's link, code or contact never signs in here", async () => {
    const here = await createChatCompany("Here");
    const there = await createChatCompany("There");
    const email = `shared-${Date.now()}@example.com`;
    await createChatContact(here.accountId, { email });
    await createChatContact(there.accountId, { email });
    const theirs = await signInValues(there, email);

    expect(await redeemSignInLink({ accountId: here.accountId, token: theirs.token, ip: freshIp() })).toEqual(
      {
        status: "invalid",
      },
    );
    expect(
      await redeemSignInCode({ accountId: here.accountId, email, code: theirs.code, ip: freshIp() }),
    ).toEqual({ status: "invalid" });
    // Still good where it belongs.
    const signedIn = await redeemSignInLink({
      accountId: there.accountId,
      token: theirs.token,
      ip: freshIp(),
    });
    expect(signedIn.status).toBe("signed_in");
  });

  test("requests are limited per address (known or not) and per visitor address", async () => {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const { limit } = chatRateLimits.linkRequestsPerEmail;
    for (let i = 0; i < limit; i++) expect((await askForLink(company, contact.email)).status).toBe("sent");
    for (let i = 0; i < limit; i++)
      expect((await askForLink(company, "ghost@example.com")).status).toBe("sent");

    expect((await askForLink(company, contact.email)).status).toBe("rate_limited");
    expect((await askForLink(company, "ghost@example.com")).status).toBe("rate_limited");
    expect(await mailsTo(contact.email)).toHaveLength(limit);

    const ip = freshIp();
    const perIp = chatRateLimits.linkRequestsPerIp.limit;
    for (let i = 0; i < perIp; i++) await askForLink(company, `visitor${i}@example.com`, ip);
    expect((await askForLink(company, "one-more@example.com", ip)).status).toBe("rate_limited");
  });

  test("code attempts are limited per address", async () => {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const { limit } = chatRateLimits.codeAttemptsPerEmail;
    for (let i = 0; i < limit; i++)
      await redeemSignInCode({
        accountId: company.accountId,
        email: contact.email,
        code: "999999",
        ip: freshIp(),
      });

    const { code } = await signInValues(company, contact.email);
    expect(
      await redeemSignInCode({ accountId: company.accountId, email: contact.email, code, ip: freshIp() }),
    ).toEqual({
      status: "rate_limited",
    });
  });

  // Issue 32 item 12: the 15-minute limits alone allowed 960 guesses a day at one address, forever.
  const fifteenMinutesPass = () =>
    getDb().execute(
      sql`update rate_limit_buckets set window_started_at = window_started_at - interval '16 minutes'`,
    );
  const aDayPasses = () =>
    getDb().execute(
      sql`update rate_limit_buckets set window_started_at = window_started_at - interval '24 hours 1 minute'`,
    );

  test("code attempts are capped per day per address, past the 15-minute limit's windows", async () => {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const perWindow = chatRateLimits.codeAttemptsPerEmail.limit;
    const perDay = chatRateLimits.codeAttemptsPerEmailPerDay.limit;
    expect(perDay % perWindow).toBe(0);
    for (let guessed = 0; guessed < perDay; guessed += perWindow) {
      for (let i = 0; i < perWindow; i++)
        expect(
          await redeemSignInCode({
            accountId: company.accountId,
            email: contact.email,
            code: "999999",
            ip: freshIp(),
          }),
        ).toEqual({ status: "invalid" });
      await fifteenMinutesPass();
    }

    const { code } = await signInValues(company, contact.email);
    const attempt = () =>
      redeemSignInCode({ accountId: company.accountId, email: contact.email, code, ip: freshIp() });
    expect(await attempt()).toEqual({ status: "rate_limited" });
    await aDayPasses();
    expect((await attempt()).status).toBe("signed_in");
  });

  test("code attempts are capped per day per visitor address, whatever emails it names", async () => {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const ip = freshIp();
    const perWindow = chatRateLimits.codeAttemptsPerIp.limit;
    const perDay = chatRateLimits.codeAttemptsPerIpPerDay.limit;
    const perEmail = chatRateLimits.codeAttemptsPerEmail.limit;
    let guessed = 0;
    while (guessed < perDay) {
      for (let i = 0; i < perWindow && guessed < perDay; i++, guessed++)
        expect(
          await redeemSignInCode({
            accountId: company.accountId,
            email: `guess${Math.floor(guessed / perEmail)}@example.com`,
            code: "999999",
            ip,
          }),
        ).toEqual({ status: "invalid" });
      await fifteenMinutesPass();
    }

    const { code } = await signInValues(company, contact.email);
    const attempt = () => redeemSignInCode({ accountId: company.accountId, email: contact.email, code, ip });
    expect(await attempt()).toEqual({ status: "rate_limited" });
    await aDayPasses();
    expect((await attempt()).status).toBe("signed_in");
  });

  test("the first sign-in sends the Welcome email, later ones do not", async () => {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    for (let i = 0; i < 2; i++) {
      const { token } = await signInValues(company, contact.email);
      const signedIn = await redeemSignInLink({ accountId: company.accountId, token, ip: freshIp() });
      if (signedIn.status !== "signed_in") throw new Error("not signed in");
      await signedIn.welcome;
    }

    const welcomes = (await mailsTo(contact.email)).filter(
      (m) => m.subject === `Welcome to ${company.company}`,
    );
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0].text).toContain(`Hi ${contact.firstName}`);
    const [conversation] = await getDb()
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.contactId, contact.contactId));
    expect(conversation.welcomedAt).not.toBeNull();
  });
});
