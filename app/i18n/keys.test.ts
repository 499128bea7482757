import { expect, test } from "vitest";
import type { Toast } from "~/ui/toast";
import { fixedT } from "./i18n.server";

// The `@ts-expect-error` lines are the test that counts: `npm run typecheck` fails when a mistyped
// key is accepted (the directive is then unused), which is what i18next.d.ts guarantees.

test("keys of the texts are checked by typecheck; a mistyped one shows as itself at run time", async () => {
  const t = await fixedT("en");
  expect(t("nav.contacts")).toBe("Contacts");
  // @ts-expect-error: no such key
  expect(t("nav.contactz")).toBe("nav.contactz");
});

test("toasts are written with checked keys", () => {
  const saved: Toast = { message: "messagingSettings.saved" };
  // @ts-expect-error: no such key
  const mistyped: Toast = { message: "messagingSettings.savd" };
  expect([saved.message, mistyped.message]).toEqual(["messagingSettings.saved", "messagingSettings.savd"]);
});
