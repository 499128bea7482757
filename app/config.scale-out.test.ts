import { afterEach, describe, expect, test } from "vitest";
import {
  assertPublicAddressConfigured,
  config,
  installSharedSessionSecret,
  resetConfigForTests,
} from "./config.server";

// Issue 21: what several processes on one PostgreSQL need from their configuration.
const KEYS = [
  "APP_URL",
  "DATABASE_URL",
  "SESSION_SECRET",
  "SMTP_URL",
  "S3_BUCKET",
  "RUN_WORKER",
  "NODE_ENV",
  "SEED_DEMO_DATA",
  "DATABASE_POOL_SIZE",
  "JOBS_POOL_SIZE",
  "CSV_IMPORT_LEASE_SECONDS",
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

describe("the public address", () => {
  test("the local trial keeps its default address", () => {
    for (const env of [{}, { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/blusteam" }])
      expect(() => assertPublicAddressConfigured(withEnv(env))).not.toThrow();
  });

  test.each([
    [{ DATABASE_URL: "postgres://app@db.internal:5432/blusteam" }, "DATABASE_URL"],
    [{ SMTP_URL: "smtp://mail.example.com:587" }, "SMTP_URL"],
    [{ S3_BUCKET: "uploads" }, "S3_BUCKET"],
    [{ NODE_ENV: "production", SEED_DEMO_DATA: "false" }, "SEED_DEMO_DATA=false"],
  ] as const)("a deployment without APP_URL refuses to start, naming APP_URL and why (%o)", (env, why) => {
    const settings = withEnv(env);
    expect(() => assertPublicAddressConfigured(settings)).toThrow(/APP_URL is unset/);
    expect(() => assertPublicAddressConfigured(settings)).toThrow(why);
  });

  test("with APP_URL given, a deployment starts", () => {
    const settings = withEnv({
      APP_URL: "https://blusteam.example.com",
      DATABASE_URL: "postgres://db.internal/b",
    });
    expect(() => assertPublicAddressConfigured(settings)).not.toThrow();
  });
});

describe("the session secret on PostgreSQL", () => {
  test("is the database's, once start-up has read it; never one made up by this process", () => {
    const settings = withEnv({ DATABASE_URL: "postgres://postgres@127.0.0.1/b" });
    expect(() => settings.sessionSecret).toThrow(/read from the database at start/);
    installSharedSessionSecret("shared-secret-from-the-database");
    expect(config().sessionSecret).toBe("shared-secret-from-the-database");
  });

  test("SESSION_SECRET still wins", () => {
    installSharedSessionSecret("shared-secret-from-the-database");
    const settings = withEnv({
      DATABASE_URL: "postgres://postgres@127.0.0.1/b",
      SESSION_SECRET: "given-secret-0123456789",
    });
    expect(settings.sessionSecret).toBe("given-secret-0123456789");
  });
});

test("pool sizes and the import lease are configuration, with their defaults", () => {
  expect(withEnv({})).toMatchObject({
    DATABASE_POOL_SIZE: 10,
    JOBS_POOL_SIZE: 4,
    CSV_IMPORT_LEASE_SECONDS: 45,
  });
  expect(
    withEnv({ DATABASE_POOL_SIZE: "3", JOBS_POOL_SIZE: "2", CSV_IMPORT_LEASE_SECONDS: "5" }),
  ).toMatchObject({
    DATABASE_POOL_SIZE: 3,
    JOBS_POOL_SIZE: 2,
    CSV_IMPORT_LEASE_SECONDS: 5,
  });
  expect(() => withEnv({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
});
