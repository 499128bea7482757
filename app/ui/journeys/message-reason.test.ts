import i18next from "i18next";
import { beforeAll, expect, test } from "vitest";
import { resources } from "~/i18n/resources";
import { messageReasonText } from "./message-reason";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: "en", resources, interpolation: { escapeValue: false } });
});

test("a provider refusal reads in words with the id under which its details were logged", () => {
  expect(messageReasonText(i18n.t, "send_failed:1a2b3c4d")).toBe(
    "Not sent: the provider refused it (error id 1a2b3c4d)",
  );
  expect(messageReasonText(i18n.t, "send_retrying:00ff00ff")).toBe(
    "Not sent yet: the provider could not take it, it will be tried again (error id 00ff00ff)",
  );
});

test("engine codes read from either reasons table; our words for a provider's error code stay as written", () => {
  expect(messageReasonText(i18n.t, "unknown_outcome")).toMatch(/^Not confirmed/);
  expect(messageReasonText(i18n.t, "no_consent")).toBe("No SMS consent recorded");
  expect(messageReasonText(i18n.t, "Twilio error 30003: unreachable destination handset")).toBe(
    "Twilio error 30003: unreachable destination handset",
  );
});

test("in French too", async () => {
  const fr = i18n.cloneInstance({ lng: "fr" });
  expect(messageReasonText(fr.t, "send_failed:1a2b3c4d")).toBe(
    "Non envoyé : le fournisseur l'a refusé (identifiant d'erreur 1a2b3c4d)",
  );
});
