/** Why the install hand-off (/shopify-install, /shopify-redirect) refused a request; each has its words. */
export type InstallProblem =
  | "not_configured"
  | "rate_limited"
  | "bad_shop"
  | "bad_hmac"
  | "missing_params"
  | "bot"
  | "replayed"
  | "forged"
  | "exchange_failed";
