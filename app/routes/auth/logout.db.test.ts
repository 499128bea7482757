import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { sessions } from "#db/schema";
import { getSessionUserId } from "~/domain/auth/session.server";
import { createUser, signedInRequest } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { action } from "./logout";

const LOGOUT_URL = "http://localhost:3000/logout";

describeEachDatabase("POST /logout", (getDb) => {
  const sessionsOf = (userId: string) => getDb().select().from(sessions).where(eq(sessions.userId, userId));
  const logout = (request: Request) => action({ request, params: {}, context: {} } as never);

  test.each([
    ["no body and no content type", {}],
    ["an empty form", { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" }],
    [
      "a body that is not a form",
      { headers: { "Content-Type": "application/json" }, body: '{"everywhere":true' },
    ],
    [
      "a form declared but cut off",
      { headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: "--x\r\n" },
    ],
  ])("with %s signs this session out, not others", async (_case, init: RequestInit) => {
    const user = await createUser();
    const phone = await signedInRequest(user.id);
    const laptop = await signedInRequest(user.id, LOGOUT_URL, { method: "POST", ...init });
    expect(await sessionsOf(user.id)).toHaveLength(2);

    const response = await logout(laptop);

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=;/);
    expect(await sessionsOf(user.id)).toHaveLength(1);
    expect(await getSessionUserId(laptop)).toBeNull();
    expect(await getSessionUserId(phone)).toBe(user.id);
  });

  test("everywhere=true still signs out every session of the user", async () => {
    const user = await createUser();
    await signedInRequest(user.id);
    const request = await signedInRequest(user.id, LOGOUT_URL, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "everywhere=true",
    });

    const response = await logout(request);

    expect(response.status).toBe(302);
    expect(await sessionsOf(user.id)).toEqual([]);
  });

  test("without a session cookie and without a body it answers the sign-in page, not an error", async () => {
    const response = await logout(new Request(LOGOUT_URL, { method: "POST" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin");
  });
});
