import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { sessions, users } from "#db/schema";
import { createUser, signedInRequest } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { MIN_PASSWORD_LENGTH, verifyPassword } from "../auth/password.server";
import { getSessionUserId } from "../auth/session.server";
import { changePassword, updateMyDetails } from "./profile.server";

describeEachDatabase("profile", (getDb) => {
  const userRow = async (id: string) => (await getDb().select().from(users).where(eq(users.id, id)))[0];

  test("updateMyDetails changes the user's own names, trimmed, and nobody else's", async () => {
    const ann = await createUser({ givenName: "Ann", familyName: "Old" });
    const bob = await createUser({ givenName: "Bob", familyName: "Other" });

    await updateMyDetails(ann.id, { givenName: "  Annie ", familyName: " New  " });

    expect(await userRow(ann.id)).toMatchObject({ givenName: "Annie", familyName: "New", email: ann.email });
    expect((await userRow(ann.id)).updatedAt.getTime()).toBeGreaterThanOrEqual(ann.updatedAt.getTime());
    const { password: _password, ...bobBefore } = bob;
    expect(await userRow(bob.id)).toEqual(bobBefore);
  });

  test("changePassword with the right current password stores a new hash that verifies", async () => {
    const ann = await createUser({ password: "old-password-1" });
    const bob = await createUser({ password: "old-password-1" });

    expect(
      await changePassword(ann.id, { currentPassword: "old-password-1", newPassword: "new-password-2" }),
    ).toBe("changed");

    const { passwordHash } = await userRow(ann.id);
    expect(passwordHash).not.toBe(ann.passwordHash);
    expect(passwordHash).not.toContain("new-password-2");
    expect(await verifyPassword("new-password-2", passwordHash)).toBe(true);
    expect(await verifyPassword("old-password-1", passwordHash)).toBe(false);
    expect((await userRow(bob.id)).passwordHash).toBe(bob.passwordHash);
  });

  test("a wrong current password is refused and the hash stays", async () => {
    const ann = await createUser({ password: "old-password-1" });

    expect(
      await changePassword(ann.id, { currentPassword: "not-my-password", newPassword: "new-password-2" }),
    ).toBe("wrong_current");

    expect((await userRow(ann.id)).passwordHash).toBe(ann.passwordHash);
  });

  test("a new password shorter than the minimum is refused and the hash stays", async () => {
    const ann = await createUser({ password: "old-password-1" });
    const short = "x".repeat(MIN_PASSWORD_LENGTH - 1);

    expect(await changePassword(ann.id, { currentPassword: "old-password-1", newPassword: short })).toBe(
      "too_short",
    );
    expect((await userRow(ann.id)).passwordHash).toBe(ann.passwordHash);

    const justLongEnough = "y".repeat(MIN_PASSWORD_LENGTH);
    expect(
      await changePassword(ann.id, { currentPassword: "old-password-1", newPassword: justLongEnough }),
    ).toBe("changed");
  });

  test("an unknown user gets wrong_current, not an error", async () => {
    expect(
      await changePassword("3f1c1b9e-8a43-4d39-9b8e-0d4b2f6a1c11", {
        currentPassword: "whatever-1",
        newPassword: "new-password-2",
      }),
    ).toBe("wrong_current");
  });

  test("changing the password signs the user out everywhere else; this session and other users stay", async () => {
    const ann = await createUser({ password: "old-password-1" });
    const bob = await createUser({ password: "old-password-1" });
    const annHere = await signedInRequest(ann.id);
    const annOnHerPhone = await signedInRequest(ann.id);
    const annStolen = await signedInRequest(ann.id);
    const bobHere = await signedInRequest(bob.id);

    const input = { currentPassword: "old-password-1", newPassword: "new-password-2" };
    expect(await changePassword(ann.id, input, annHere)).toBe("changed");

    expect(await getSessionUserId(annHere)).toBe(ann.id);
    expect(await getSessionUserId(annOnHerPhone)).toBeNull();
    expect(await getSessionUserId(annStolen)).toBeNull();
    expect(await getSessionUserId(bobHere)).toBe(bob.id);
    expect(await getDb().$count(sessions, eq(sessions.userId, ann.id))).toBe(1);
  });

  test("a refused change ends no session", async () => {
    const ann = await createUser({ password: "old-password-1" });
    const annHere = await signedInRequest(ann.id);
    const annElsewhere = await signedInRequest(ann.id);

    const input = { currentPassword: "not-my-password", newPassword: "new-password-2" };
    expect(await changePassword(ann.id, input, annHere)).toBe("wrong_current");

    expect(await getSessionUserId(annElsewhere)).toBe(ann.id);
  });
});
