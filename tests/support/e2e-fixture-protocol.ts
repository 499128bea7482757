/**
 * What the browser tests and the e2e server's fixture endpoint agree on. Types and constants only:
 * the endpoint runs in the server, the callers in Playwright's workers.
 */

export const E2E_FIXTURE_PATH = "/__e2e/users";
export const E2E_FIXTURE_SECRET_HEADER = "x-e2e-fixture-secret";

export type E2eFixtureRequest = {
  user: { email: string; password: string; givenName: string; familyName: string };
  /** A company the user creates (as on /setup) and is the only company admin of. */
  company?: { company: string; url: string; link: string; chat: string; country?: string };
  /** With a company: its terms are accepted (default true). */
  acceptTerms?: boolean;
  /** The answer carries a session cookie (default true). */
  signIn?: boolean;
  /**
   * With a company: a Shopify store linked to it (its profile, as after install and onboarding).
   * With `accessToken` (one the Shopify stand-in accepts: shopifyStandIn.accessToken) and `scope`,
   * its offline session too, so the app can call the store's Admin API; `source: "shopify"` marks
   * the company as created from Shopify.
   */
  store?: { shop: string; storeName: string; accessToken?: string; scope?: string; source?: "shopify" };
};

export type E2eFixtureAnswer = { userId: string; accountId: string | null };
