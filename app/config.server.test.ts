import { afterEach, describe, expect, test } from "vitest";
import { assertMailConfigured, config, resetConfigForTests } from "./config.server";

// Each test sets the variables it is about; everything it touched is put back afterwards.
const KEYS = [
  "APP_URL",
  "SMTP_URL",
  "DEV_OUTBOX",
  "SEED_DEMO_DATA",
  "TRUST_PROXY",
  "DATABASE_CONNECT_TIMEOUT_SECONDS",
  "DATABASE_STATEMENT_TIMEOUT_MS",
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
