import { setUpStandIn } from "./stand-in-env";
import {
  CAPTCHA_TEST_SECRET,
  CAPTCHA_TEST_SITE_KEY,
  type HostedProvider,
  type SiteverifyStandIn,
  startSiteverifyStandIn,
} from "./stand-ins/captcha-siteverify";

/** For a test file: a siteverify stand-in, and the app's captcha settings pointed at it per test. */
export function setUpSiteverifyStandIn(
  provider: HostedProvider,
  options: { timeoutMs?: number } = {},
): () => SiteverifyStandIn {
  return setUpStandIn({
    name: "siteverify",
    start: () => startSiteverifyStandIn(provider),
    close: (stand) => stand.close(),
    reset: (stand) => stand.reset(),
    env: (stand) => ({
      CAPTCHA_PROVIDER: provider,
      CAPTCHA_SITE_KEY: CAPTCHA_TEST_SITE_KEY,
      CAPTCHA_SECRET_KEY: CAPTCHA_TEST_SECRET,
      CAPTCHA_VERIFY_URL: `${stand.url}/siteverify`,
      PROVIDER_TIMEOUT_MS: String(options.timeoutMs ?? 2_000),
    }),
  });
}
