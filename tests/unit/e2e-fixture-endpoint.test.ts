import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, expect, test, vi } from "vitest";
import { mountE2eFixture } from "../support/e2e-fixture-endpoint";
import { E2E_FIXTURE_PATH, E2E_FIXTURE_SECRET_HEADER } from "../support/e2e-fixture-protocol";

/** The browser tests' fixture endpoint cannot be turned on by accident outside a local test run. */

const secret = "s".repeat(64);
let close: (() => void) | undefined;
afterEach(() => close?.());

test("a server whose APP_URL is not loopback, or with a short secret, refuses to mount it", () => {
  expect(() =>
    mountE2eFixture(express(), { E2E_FIXTURE_SECRET: secret, APP_URL: "https://app.example.com" }),
  ).toThrow(/not a loopback address/);
  expect(() =>
    mountE2eFixture(express(), { E2E_FIXTURE_SECRET: "short", APP_URL: "http://localhost:3000" }),
  ).toThrow(/at least 32 characters/);
});

test("without the right secret a request is answered 404, with no session cookie", async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  const app = express();
  mountE2eFixture(app, { E2E_FIXTURE_SECRET: secret, APP_URL: "http://localhost:3000" });
  const server = app.listen(0, "127.0.0.1");
  close = () => server.close();
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${E2E_FIXTURE_PATH}`;
  const body = JSON.stringify({
    user: { email: "x@example.com", password: "password-1", givenName: "X", familyName: "Y" },
  });
  const attempts: Record<string, string>[] = [{}, { [E2E_FIXTURE_SECRET_HEADER]: "t".repeat(64) }];
  for (const headers of attempts) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  }
});
