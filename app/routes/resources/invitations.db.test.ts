import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { accountRequests, accounts, memberships } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { createUser, membershipOf, signedInRequest } from "../../../tests/support/factories";
import { companyWithAdmin, createInvite, inviteRow } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { middleware as appLayoutMiddleware } from "../app-layout";
import { action as invitationLinkAction } from "../invitations/invitation-link";
import { action as setupAction } from "../setup/setup";
import { action as invitationsAction } from "./invitations";

/** Answering invitations and /setup, called the way React Router calls them, with a real session cookie. */

type Action = (args: never) => Promise<unknown>;

async function post(action: Action, userId: string, path: string, fields: Record<string, string>) {
  const request = await signedInRequest(userId, `http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return action({ request, params: {}, context: new RouterContextProvider() } as never);
}

/** What an action answered or threw: a Response, or data() as { data, init }. */
async function answerOf(promise: Promise<unknown>): Promise<{ status: number; location: string | null }> {
  let answer: unknown;
  try {
    answer = await promise;
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location") };
  const init = (answer as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, location: null };
}

describeEachDatabase("invitation and setup routes", (getDb) => {
  test("a read-only admin cannot accept or decline an invitation: 403, nothing joined", async () => {
    const inviter = await companyWithAdmin("Inviting Co");
    const roadmin = await createUser({ roles: ["roadmin"] });
    const invite = await createInvite({ accountId: inviter.account.id, email: roadmin.email });

    for (const intent of ["accept", "decline"]) {
      const answer = await answerOf(
        post(invitationsAction as Action, roadmin.id, "/resources/invitations", {
          intent,
          inviteId: invite.id,
        }),
      );
      expect(answer.status, intent).toBe(403);
    }
    const followed = await answerOf(
      post(invitationLinkAction as Action, roadmin.id, "/invitation-link", { inviteId: invite.id }),
    );
    expect(followed.status).toBe(403);
    expect(await membershipOf(roadmin.id, inviter.account.id)).toBeUndefined();
    expect((await inviteRow(invite.id)).id).toBe(invite.id);
  });

  test("a read-only admin cannot create a company or ask to join one on /setup: 403", async () => {
    await seedReferenceData(getDb());
    const roadmin = await createUser({ roles: ["roadmin"] });
    const other = await companyWithAdmin("Joinable Co");

    const created = await answerOf(
      post(setupAction as Action, roadmin.id, "/setup", {
        intent: "create",
        company: "Sneaky Co",
        url: "www.sneaky.test",
        linkShortenerSubdomain: "sneaky-links",
        chatstreamSubdomain: "sneaky-chat",
        country: "US",
      }),
    );
    const requested = await answerOf(
      post(setupAction as Action, roadmin.id, "/setup", { intent: "request", accountId: other.account.id }),
    );

    expect(created.status).toBe(403);
    expect(requested.status).toBe(403);
    expect(await getDb().select().from(accounts).where(eq(accounts.company, "Sneaky Co"))).toEqual([]);
    expect(await getDb().select().from(accountRequests)).toEqual([]);
  });

  test("following the emailed link (GET /?requestid=) joins nobody; the page's POST joins", async () => {
    const inviter = await companyWithAdmin("Inviting Co");
    const invitee = await createUser();
    const invite = await createInvite({ accountId: inviter.account.id, email: invitee.email });
    const link = await signedInRequest(invitee.id, `http://localhost:3000/?requestid=${invite.id}`);

    const followed = await answerOf(
      Promise.resolve(
        appLayoutMiddleware[0](
          { request: link, params: {}, context: new RouterContextProvider() } as never,
          async () => new Response(null),
        ),
      ),
    );

    expect(followed.status).toBe(302);
    expect(followed.location).toBe(`/invitation-link?requestid=${invite.id}`);
    expect(await membershipOf(invitee.id, inviter.account.id)).toBeUndefined();

    const joined = await answerOf(
      post(invitationLinkAction as Action, invitee.id, "/invitation-link", { inviteId: invite.id }),
    );
    expect(joined).toEqual({ status: 302, location: "/" });
    expect(await membershipOf(invitee.id, inviter.account.id)).toBeDefined();
  });

  test("an unknown intent or a malformed invitation id answers 400 and changes nothing", async () => {
    const inviter = await companyWithAdmin("Inviting Co");
    const invitee = await createUser();
    const invite = await createInvite({ accountId: inviter.account.id, email: invitee.email });

    const unknown = await answerOf(
      post(invitationsAction as Action, invitee.id, "/resources/invitations", {
        intent: "constructor",
        inviteId: invite.id,
      }),
    );
    const malformed = await answerOf(
      post(invitationsAction as Action, invitee.id, "/resources/invitations", {
        intent: "accept",
        inviteId: "not-a-uuid",
      }),
    );

    expect(unknown.status).toBe(400);
    expect(malformed.status).toBe(400);
    expect(await getDb().select().from(memberships).where(eq(memberships.userId, invitee.id))).toEqual([]);
  });
});
