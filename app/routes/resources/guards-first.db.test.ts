import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { createUser, signedInRequest } from "../../../tests/support/factories";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { action as settingsAction } from "../settings/settings";
import { action as apiKeysAction } from "./api-keys";
import { action as invitationsAction } from "./invitations";
import { action as membersAction } from "./members";
import { action as switchAccountAction } from "./switch-account";
import { action as viewAsAction } from "./view-as";

/**
 * Guards first: every action checks who is calling before it reads the body, and ids that are not
 * UUIDs are refused with 400 before they reach PostgreSQL (which would answer 500).
 */

type Action = (args: never) => Promise<unknown>;

const routes: Array<[string, Action]> = [
  ["/resources/api-keys", apiKeysAction as Action],
  ["/resources/members", membersAction as Action],
  ["/resources/invitations", invitationsAction as Action],
  ["/resources/switch-account", switchAccountAction as Action],
  ["/resources/view-as", viewAsAction as Action],
  ["/settings", settingsAction as Action],
];

const call = (action: Action, request: Request) =>
  action({ request, params: {}, context: new RouterContextProvider() } as never);

/** What an action answered or threw: a Response, data() as { data, init }, or an exception (a 500). */
async function statusOf(promise: Promise<unknown>): Promise<number | string> {
  let answer: unknown;
  try {
    answer = await promise;
  } catch (thrown) {
    if (thrown instanceof Error) return `500: ${thrown.message}`;
    answer = thrown;
  }
  if (answer instanceof Response) return answer.status;
  return (answer as { init?: ResponseInit | null }).init?.status ?? 200;
}

async function postForm(userId: string, path: string, fields: Record<string, string>) {
  return signedInRequest(userId, `http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

describeEachDatabase("guards first", () => {
  test.each(routes)(
    "%s: a signed-out POST with an unreadable body is sent to sign in, not a 500",
    async (path, action) => {
      const request = new Request(`http://localhost:3000${path}`, {
        method: "POST",
        body: "not a multipart body",
        headers: { "Content-Type": "multipart/form-data; boundary=missing" },
      });

      expect(await statusOf(call(action, request))).toBe(302);
    },
  );

  test("a non-UUID id answers 400 on every route that takes one", async () => {
    const { admin } = await companyWithAdmin("Ids Co");
    const platformAdmin = await createUser({ roles: ["admin"] });
    const answers = {
      switchAccount: await statusOf(
        call(
          switchAccountAction as Action,
          await postForm(admin.id, "/resources/switch-account", { accountId: "nope" }),
        ),
      ),
      viewAs: await statusOf(
        call(
          viewAsAction as Action,
          await postForm(platformAdmin.id, "/resources/view-as", { accountId: "nope", mode: "roadmin" }),
        ),
      ),
      removeMember: await statusOf(
        call(
          membersAction as Action,
          await postForm(admin.id, "/resources/members", { intent: "remove", userId: "nope" }),
        ),
      ),
      deleteKey: await statusOf(
        call(
          apiKeysAction as Action,
          await postForm(admin.id, "/resources/api-keys", { intent: "delete", keyId: "nope" }),
        ),
      ),
      cancelInvitation: await statusOf(
        call(
          invitationsAction as Action,
          await postForm(admin.id, "/resources/invitations", { intent: "cancel", inviteId: "nope" }),
        ),
      ),
    };

    expect(answers).toEqual({
      switchAccount: 400,
      viewAs: 400,
      removeMember: 400,
      deleteKey: 400,
      cancelInvitation: 400,
    });
  });

  test.each([
    ["/resources/api-keys", apiKeysAction as Action],
    ["/resources/members", membersAction as Action],
    ["/settings", settingsAction as Action],
  ] as Array<[string, Action]>)(
    "%s: a read-only admin's POST is 403 before its body is read",
    async (path, action) => {
      const { account } = await companyWithAdmin("Read Only Co");
      const cookie = await roAdminViewCookie(account.id);
      const request = new Request(`http://localhost:3000${path}`, {
        method: "POST",
        body: "not a multipart body",
        headers: { "Content-Type": "multipart/form-data; boundary=missing", Cookie: cookie },
      });

      expect(await statusOf(call(action, request))).toBe(403);
    },
  );
});
