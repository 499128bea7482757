import { expect, test } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { authenticateWithPassword } from "./password-sign-in.server";

const origin = { ip: "203.0.113.9", language: "en" as const };
const loginPost = (fields: Record<string, string>) =>
  new Request("http://localhost:3000/login", { method: "POST", body: new URLSearchParams(fields) });

describeEachDatabase("signing in through remix-auth's FormStrategy", () => {
  test("the strategy's verify function is our check: a confirmed user with the right password is signed in", async () => {
    const user = await createUser({ email: "ria@example.com", password: "right-password-1" });
    const { submission, outcome } = await authenticateWithPassword(
      loginPost({ email: "ria@example.com", password: "right-password-1" }),
      origin,
    );
    expect(submission.status).toBe("success");
    expect(outcome).toEqual({ ok: true, value: { kind: "signed_in", userId: user.id } });
  });

  test("a wrong password is refused with the same answer as an unknown email", async () => {
    await createUser({ email: "ria@example.com", password: "right-password-1" });
    const wrong = await authenticateWithPassword(
      loginPost({ email: "ria@example.com", password: "wrong-password-1" }),
      origin,
    );
    const unknown = await authenticateWithPassword(
      loginPost({ email: "nobody@example.com", password: "wrong-password-1" }),
      origin,
    );
    expect(wrong.outcome).toEqual({ ok: false, error: "identity.incorrectCredentials" });
    expect(unknown.outcome).toEqual(wrong.outcome);
  });

  test("a form that fails its schema never reaches the password check and keeps its field errors", async () => {
    const { submission, outcome } = await authenticateWithPassword(
      loginPost({ email: "not-an-email" }),
      origin,
    );
    expect(outcome).toBeNull();
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && Object.keys(submission.error ?? {})).toEqual(
      expect.arrayContaining(["email", "password"]),
    );
  });

  test("a request whose body was already read is refused by remix-auth, not signed in", async () => {
    const request = loginPost({ email: "ria@example.com", password: "right-password-1" });
    await request.formData();
    await expect(authenticateWithPassword(request, origin)).rejects.toThrow();
  });
});
