import { afterEach, describe, expect, test } from "vitest";
import {
  assertDataEncryptionKeyConfigured,
  assertMailConfigured,
  config,
  installSharedSessionSecret,
  resetConfigForTests,
} from "./config.server";

// Each test sets the variables it is about; everything it touched is put back afterwards.
const KEYS = [
  "APP_URL",
  "SMTP_URL",
  "DEV_OUTBOX",
  "SEED_DEMO_DATA",
  "SHOPIFY_BILLING_TEST",
  "TRUST_PROXY",
  "DATABASE_CONNECT_TIMEOUT_SECONDS",
  "DATABASE_STATEMENT_TIMEOUT_MS",
  "DATA_ENCRYPTION_KEY",
  "DATA_ENCRYPTION_KEY_PREVIOUS",
  "DATABASE_URL",
  "SESSION_SECRET",
  "CHAT_DOMAIN",
] as const;
const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));
function withEnv(values: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const key of KEYS) delete process.env[key];
  Object.assign(process.env, values);
  resetConfigForTests();
  return config();
}
afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  installSharedSessionSecret(undefined);
  resetConfigForTests();
});

describe("the local trial and a deployment", () => {
  test("on localhost (the default APP_URL) the outbox page and the demo data are on, without SMTP", () => {
    for (const appUrl of [undefined, "http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
      const settings = withEnv(appUrl ? { APP_URL: appUrl } : {});
      expect(settings).toMatchObject({ appUrlIsLoopback: true, serveOutboxPage: true, seedDemoData: true });
      expect(() => assertMailConfigured(settings)).not.toThrow();
    }
  });

  test("a public APP_URL without SMTP_URL refuses to start, naming SMTP_URL and DEV_OUTBOX", () => {
    const settings = withEnv({ APP_URL: "https://example.com" });
    expect(() => assertMailConfigured(settings)).toThrow(/SMTP_URL is unset/);
    expect(() => assertMailConfigured(settings)).toThrow(/DEV_OUTBOX=true/);
  });

  test("with SMTP_URL it starts, without the outbox page or the demo data", () => {
    const settings = withEnv({ APP_URL: "https://example.com", SMTP_URL: "smtp://mail.example.com:587" });
    expect(() => assertMailConfigured(settings)).not.toThrow();
    expect(settings).toMatchObject({ appUrlIsLoopback: false, serveOutboxPage: false, seedDemoData: false });
  });

  test("DEV_OUTBOX=true keeps the outbox on purpose; SEED_DEMO_DATA=true seeds on purpose", () => {
    const settings = withEnv({ APP_URL: "https://staging.example.com", DEV_OUTBOX: "true" });
    expect(() => assertMailConfigured(settings)).not.toThrow();
    expect(settings.serveOutboxPage).toBe(true);
    expect(settings.seedDemoData).toBe(false);
    expect(withEnv({ APP_URL: "https://staging.example.com", SEED_DEMO_DATA: "true" }).seedDemoData).toBe(
      true,
    );
    expect(withEnv({ SEED_DEMO_DATA: "false" }).seedDemoData).toBe(false);
  });

  test("Shopify test charges only on the local trial unless SHOPIFY_BILLING_TEST says otherwise", () => {
    expect(withEnv({}).shopifyBillingTest).toBe(true);
    expect(withEnv({ APP_URL: "https://example.com" }).shopifyBillingTest).toBe(false);
    expect(
      withEnv({ APP_URL: "https://staging.example.com", SHOPIFY_BILLING_TEST: "true" }).shopifyBillingTest,
    ).toBe(true);
    expect(withEnv({ SHOPIFY_BILLING_TEST: "false" }).shopifyBillingTest).toBe(false);
  });

  test("a host that only looks local is not", () => {
    for (const appUrl of [
      "https://localhost.example.com",
      "http://127.0.0.1.nip.io",
      "http://10.0.0.5:3000",
    ]) {
      expect(withEnv({ APP_URL: appUrl }).appUrlIsLoopback).toBe(false);
    }
  });
});

describe("the key for secrets at rest (DATA_ENCRYPTION_KEY)", () => {
  test("a deployment without it refuses to start, naming it; the local trial needs none", () => {
    const deployed = withEnv({
      APP_URL: "https://blusteam.example.com",
      SMTP_URL: "smtp://mail.example.com",
    });
    expect(() => assertDataEncryptionKeyConfigured(deployed)).toThrow(
      "APP_URL is https://blusteam.example.com, not this machine, and DATA_ENCRYPTION_KEY is unset",
    );
    expect(() => deployed.dataEncryptionKeys).toThrow(/DATA_ENCRYPTION_KEY is unset/);

    const trial = withEnv({ SESSION_SECRET: "local-session-secret-0123" });
    expect(() => assertDataEncryptionKeyConfigured(trial)).not.toThrow();
    expect(trial.dataEncryptionKeys).toEqual(["local-session-secret-0123"]);
  });

  test("given, it seals; the previous keys (comma-separated) only open", () => {
    const settings = withEnv({
      APP_URL: "https://blusteam.example.com",
      DATA_ENCRYPTION_KEY: "the-new-data-key-6543210",
      DATA_ENCRYPTION_KEY_PREVIOUS: "the-old-data-key-0123456, an-older-data-key-98765",
    });
    expect(() => assertDataEncryptionKeyConfigured(settings)).not.toThrow();
    expect(settings.dataEncryptionKeys).toEqual([
      "the-new-data-key-6543210",
      "the-old-data-key-0123456",
      "an-older-data-key-98765",
    ]);
    expect(() => withEnv({ DATA_ENCRYPTION_KEY_PREVIOUS: "the-old-data-key-0123456,short" })).toThrow(
      /DATA_ENCRYPTION_KEY_PREVIOUS.*at least 16 characters/,
    );
  });

  test("a deployment whose key is the session secret kept in the database is refused", () => {
    installSharedSessionSecret("secret-kept-in-app-secrets-0123");
    const settings = withEnv({
      APP_URL: "https://blusteam.example.com",
      DATABASE_URL: "postgres://app@db.internal/blusteam",
      DATA_ENCRYPTION_KEY: "secret-kept-in-app-secrets-0123",
    });
    expect(() => settings.dataEncryptionKeys).toThrow(
      /DATA_ENCRYPTION_KEY is the session secret kept in the database \(app_secrets\)/,
    );
    expect(
      withEnv({
        APP_URL: "https://blusteam.example.com",
        DATABASE_URL: "postgres://app@db.internal/blusteam",
        DATA_ENCRYPTION_KEY: "a-key-from-the-environment-01",
        DATA_ENCRYPTION_KEY_PREVIOUS: "secret-kept-in-app-secrets-0123",
      }).dataEncryptionKeys,
    ).toEqual(["a-key-from-the-environment-01", "secret-kept-in-app-secrets-0123"]);
  });
});

describe("TRUST_PROXY", () => {
  test("takes a hop count or the proxies' addresses, as Express does", () => {
    expect(withEnv({}).TRUST_PROXY).toBe(false);
    expect(withEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(withEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(withEnv({ TRUST_PROXY: "10.0.0.0/8, loopback,2001:db8::/32,192.168.1.7" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "loopback",
      "2001:db8::/32",
      "192.168.1.7",
    ]);
  });

  test("true (any client-written X-Forwarded-For) and nonsense stop the start with a message", () => {
    expect(() => withEnv({ TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY: true would believe an X-Forwarded-For/,
    );
    expect(() => withEnv({ TRUST_PROXY: "10.0.0.0/40" })).toThrow(/TRUST_PROXY: .*10\.0\.0\.0\/40/);
    expect(() => withEnv({ TRUST_PROXY: "proxy.example.com" })).toThrow(/TRUST_PROXY/);
  });
});

test("database timeouts: 5 s to connect and 30 s per statement unless set", () => {
  expect(withEnv({})).toMatchObject({
    DATABASE_CONNECT_TIMEOUT_SECONDS: 5,
    DATABASE_STATEMENT_TIMEOUT_MS: 30_000,
  });
  expect(
    withEnv({ DATABASE_CONNECT_TIMEOUT_SECONDS: "2", DATABASE_STATEMENT_TIMEOUT_MS: "1500" }),
  ).toMatchObject({ DATABASE_CONNECT_TIMEOUT_SECONDS: 2, DATABASE_STATEMENT_TIMEOUT_MS: 1500 });
  expect(() => withEnv({ DATABASE_CONNECT_TIMEOUT_SECONDS: "0" })).toThrow(
    /DATABASE_CONNECT_TIMEOUT_SECONDS/,
  );
});

test("CHAT_DOMAIN must not hold the app's own host (it would be a company's chat host)", () => {
  expect(withEnv({ APP_URL: "https://app.example.com", CHAT_DOMAIN: "Chat.Example.com" }).CHAT_DOMAIN).toBe(
    "chat.example.com",
  );
  expect(() => withEnv({ APP_URL: "https://app.example.com", CHAT_DOMAIN: "example.com" })).toThrow(
    /CHAT_DOMAIN is example\.com, and APP_URL's host app\.example\.com is under it/,
  );
});
