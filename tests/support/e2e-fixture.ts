import { expect, type Page } from "@playwright/test";
import {
  E2E_FIXTURE_PATH,
  E2E_FIXTURE_SECRET_HEADER,
  E2E_FORM_FIXTURE_PATH,
  E2E_ORDER_FIXTURE_PATH,
  type E2eFixtureAnswer,
  type E2eFixtureRequest,
  type E2eFormFixtureAnswer,
  type E2eFormFixtureRequest,
  type E2eOrderFixtureAnswer,
  type E2eOrderFixtureRequest,
} from "./e2e-fixture-protocol";

/**
 * Users and companies written straight to the e2e server's database, signed in on a page by their
 * session cookie, as the Epic Stack's login fixture does: for the specs where signing up, confirming,
 * logging in, creating the company and accepting the terms are not what is tested. The rows come
 * from the app's own domain functions, in the server (tests/support/e2e-fixture-endpoint.ts).
 */
export async function writeFixture(page: Page, request: E2eFixtureRequest): Promise<E2eFixtureAnswer> {
  const secret = process.env.E2E_FIXTURE_SECRET;
  if (!secret) throw new Error("E2E_FIXTURE_SECRET is unset: run the specs through playwright.config.ts");
  const post = () =>
    page.request.post(E2E_FIXTURE_PATH, { data: request, headers: { [E2E_FIXTURE_SECRET_HEADER]: secret } });
  let response: Awaited<ReturnType<typeof post>>;
  try {
    response = await post();
  } catch (error) {
    // A kept-alive connection the server dropped at that very moment (see postForm): not yet read.
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    response = await post();
  }
  expect(
    response.status(),
    `the fixture endpoint should write ${request.user.email} (a server started by another run has another secret)`,
  ).toBe(200);
  return (await response.json()) as E2eFixtureAnswer;
}

/**
 * A store order of the company, written by the e2e server as the orders webhook stores it and
 * attributed by the app's attributeOrder (tests/support/e2e-order-fixture.ts).
 */
export async function writeOrderFixture(
  page: Page,
  request: E2eOrderFixtureRequest,
): Promise<E2eOrderFixtureAnswer> {
  const secret = process.env.E2E_FIXTURE_SECRET;
  if (!secret) throw new Error("E2E_FIXTURE_SECRET is unset: run the specs through playwright.config.ts");
  const response = await page.request.post(E2E_ORDER_FIXTURE_PATH, {
    data: request,
    headers: { [E2E_FIXTURE_SECRET_HEADER]: secret },
  });
  expect(response.status(), `the fixture endpoint should store order ${request.name}`).toBe(200);
  return (await response.json()) as E2eOrderFixtureAnswer;
}

/** A sign-up form of the company, saved by the e2e server (tests/support/e2e-form-fixture.ts). */
export async function writeFormFixture(
  page: Page,
  request: E2eFormFixtureRequest,
): Promise<E2eFormFixtureAnswer> {
  const secret = process.env.E2E_FIXTURE_SECRET;
  if (!secret) throw new Error("E2E_FIXTURE_SECRET is unset: run the specs through playwright.config.ts");
  const response = await page.request.post(E2E_FORM_FIXTURE_PATH, {
    data: request,
    headers: { [E2E_FIXTURE_SECRET_HEADER]: secret },
  });
  expect(response.status(), "the fixture endpoint should save the form").toBe(200);
  return (await response.json()) as E2eFormFixtureAnswer;
}
