import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import {
  maskSecret,
  openSecret,
  openSecretWithAge,
  SecretUnreadableError,
  sealSecret,
} from "./data-encryption.server";

const NAMES = ["DATA_ENCRYPTION_KEY", "DATA_ENCRYPTION_KEY_PREVIOUS", "SESSION_SECRET", "APP_URL"] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetConfigForTests();
});

function useKeys(keys: { encryption?: string; previous?: string; session?: string; appUrl?: string }) {
  const values = {
    DATA_ENCRYPTION_KEY: keys.encryption,
    DATA_ENCRYPTION_KEY_PREVIOUS: keys.previous,
    SESSION_SECRET: keys.session ?? "a-session-secret-of-some-length",
    APP_URL: keys.appUrl,
  };
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
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

  it("on the local trial without DATA_ENCRYPTION_KEY, derives the key from the session secret", () => {
    useKeys({ session: "first-session-secret-xx" });
    const sealed = sealSecret("kept", "p");
    useKeys({ encryption: "first-session-secret-xx", session: "rotated-session-secret-yy" });
    expect(openSecret(sealed, "p")).toBe("kept");
  });

  it("on a deployment without DATA_ENCRYPTION_KEY, neither seals nor opens", () => {
    useKeys({ encryption: "a-dedicated-data-key-0123", appUrl: "https://blusteam.example.com" });
    const sealed = sealSecret("kept", "p");
    useKeys({ appUrl: "https://blusteam.example.com" });
    expect(() => sealSecret("new", "p")).toThrow(/DATA_ENCRYPTION_KEY is unset/);
    expect(() => openSecret(sealed, "p")).toThrow(/DATA_ENCRYPTION_KEY is unset/);
  });

  it("rotation: a value sealed under the previous key opens and says it is stale; sealed again, only the new key opens it", () => {
    useKeys({ encryption: "the-old-data-key-0123456" });
    const underOld = sealSecret("shpat_rotated", "p");
    expect(openSecretWithAge(underOld, "p")).toEqual({ plain: "shpat_rotated", stale: false });

    useKeys({ encryption: "the-new-data-key-6543210", previous: "the-old-data-key-0123456" });
    expect(openSecretWithAge(underOld, "p")).toEqual({ plain: "shpat_rotated", stale: true });
    const underNew = sealSecret(openSecret(underOld, "p"), "p");
    expect(openSecretWithAge(underNew, "p")).toEqual({ plain: "shpat_rotated", stale: false });

    useKeys({ encryption: "the-old-data-key-0123456" });
    expect(() => openSecret(underNew, "p")).toThrow(SecretUnreadableError);
    useKeys({ encryption: "the-new-data-key-6543210" });
    expect(openSecret(underNew, "p")).toBe("shpat_rotated");
    expect(() => openSecret(underOld, "p")).toThrow(SecretUnreadableError);
  });

  it("masks all but the last four characters", () => {
    expect(maskSecret("EAABsecrettoken9876")).toBe("••••9876");
    expect(maskSecret("abc")).toBe("••••");
  });
});
