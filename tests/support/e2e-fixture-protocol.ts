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
  /** Platform roles of the user (the web chat editors need "beta"). */
  roles?: ("admin" | "roadmin" | "beta" | "internal")[];
  /**
   * With a company: a Shopify store linked to it (its profile, as after install and onboarding).
   * With `accessToken` (one the Shopify stand-in accepts: shopifyStandIn.accessToken) and `scope`,
   * its offline session too, so the app can call the store's Admin API; `source: "shopify"` marks
   * the company as created from Shopify.
   */
  store?: { shop: string; storeName: string; accessToken?: string; scope?: string; source?: "shopify" };
  /**
   * With a company: its chat branding's texts written straight to webchat_branding over the defaults,
   * unchecked, as a branding saved before its texts were checked (issue 32) would be stored.
   */
  chatBranding?: { longAppName?: string; pageTitle?: string; shortAppName?: string };
};

export type E2eFixtureAnswer = { userId: string; accountId: string | null };

/** POST: a sign-up form of the company (issue 15), saved through the forms domain functions. */
export const E2E_FORM_FIXTURE_PATH = "/__e2e/forms";

export type E2eFormFixtureRequest = {
  accountId: string;
  /** Names of the company's products offered by a required product dropdown. */
  products?: string[];
  /** A contact attribute created for the form's required custom text field. */
  attribute?: { title: string; type: "STRING" | "INTEGER" };
  language?: "en" | "fr";
  published?: boolean;
  /** An empty element list (the 'not operational' page). */
  empty?: boolean;
  style?: {
    permenantHideOnSubmit?: boolean;
    temporaryHideOnPopupClose?: boolean;
    numberOfHidingDays?: number;
  };
  /**
   * A submission of this form the apply job gave up on (every try failed on a deleted field), as
   * pending_form_submissions keeps it: a Retry applies it as this contact.
   */
  stuckSubmission?: { firstName: string; lastName: string; phone: string; email: string };
};

export type E2eFormFixtureAnswer = { formId: string; attributeId: string | null; productIds: string[] };
