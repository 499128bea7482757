import { expect, test } from "vitest";
import { createUser, redirectTarget, signedInRequest } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { action } from "./confirm-sign-up";

describeEachDatabase("confirm sign-up", () => {
  test("a signed-in user's post is sent where they belong before its body is read, as the page is", async () => {
    const user = await createUser();
    // A body that cannot be read: the guard must answer before anything parses it.
    const request = await signedInRequest(user.id, "http://localhost:3000/confirm-sign-up", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new ReadableStream({
        start: (controller) => controller.error(new Error("the body was read")),
      }),
      duplex: "half",
    } as RequestInit);
    expect(await redirectTarget(action({ request, params: {}, context: {} } as never))).toBe("/setup");
  });
});
