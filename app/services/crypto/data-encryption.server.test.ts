import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { maskSecret, openSecret, SecretUnreadableError, sealSecret } from "./data-encryption.server";

const saved = { key: process.env.DATA_ENCRYPTION_KEY, session: process.env.SESSION_SECRET };

afterEach(() => {
  process.env.DATA_ENCRYPTION_KEY = saved.key;
  if (saved.key === undefined) delete process.env.DATA_ENCRYPTION_KEY;
  process.env.SESSION_SECRET = saved.session;
  if (saved.session === undefined) delete process.env.SESSION_SECRET;
  resetConfigForTests();
});

function useKeys(keys: { encryption?: string; session: string }) {
  if (keys.encryption) process.env.DATA_ENCRYPTION_KEY = keys.encryption;
  else delete process.env.DATA_ENCRYPTION_KEY;
  process.env.SESSION_SECRET = keys.session;
  resetConfigForTests();
}

describe("secrets at rest", () => {
  it("opens what it sealed, and the stored text does not contain the secret", () => {
    useKeys({ session: "a-session-secret-of-some-length" });
    const sealed = sealSecret("tt_secret_value_1234", "tritech-secret");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("tt_secret_value_1234");
    expect(openSecret(sealed, "tritech-secret")).toBe("tt_secret_value_1234");
  });

  it("seals the same secret differently each time (a fresh IV)", () => {
    useKeys({ session: "a-session-secret-of-some-length" });
    expect(sealSecret("same", "p")).not.toBe(sealSecret("same", "p"));
  });

  it("refuses a value sealed for another purpose, a tampered value, and another key", () => {
    useKeys({ session: "a-session-secret-of-some-length" });
    const sealed = sealSecret("token", "whatsapp-token");
    expect(() => openSecret(sealed, "tritech-secret")).toThrow(SecretUnreadableError);
    const [v, iv, tag, body] = sealed.split(".");
    const flipped = `${body.slice(0, -2)}${body.endsWith("A") ? "B" : "A"}${body.slice(-1)}`;
    expect(() => openSecret([v, iv, tag, flipped].join("."), "whatsapp-token")).toThrow(
      SecretUnreadableError,
    );
    expect(() => openSecret("not-a-sealed-value", "whatsapp-token")).toThrow(SecretUnreadableError);
    useKeys({ session: "another-session-secret-entirely" });
    expect(() => openSecret(sealed, "whatsapp-token")).toThrow(SecretUnreadableError);
  });

  it("prefers DATA_ENCRYPTION_KEY, so the session secret can rotate", () => {
    useKeys({ encryption: "a-dedicated-data-key-0123", session: "first-session-secret-xx" });
    const sealed = sealSecret("kept", "p");
    useKeys({ encryption: "a-dedicated-data-key-0123", session: "rotated-session-secret-yy" });
    expect(openSecret(sealed, "p")).toBe("kept");
  });

  it("masks all but the last four characters", () => {
    expect(maskSecret("EAABsecrettoken9876")).toBe("••••9876");
    expect(maskSecret("abc")).toBe("••••");
  });
});
