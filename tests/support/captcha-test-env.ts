import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { resetConfigForTests } from "~/config.server";
import {
  CAPTCHA_TEST_SECRET,
  CAPTCHA_TEST_SITE_KEY,
  type HostedProvider,
  type SiteverifyStandIn,
  startSiteverifyStandIn,
} from "./stand-ins/captcha-siteverify";

const ENV = [
  "CAPTCHA_PROVIDER",
  "CAPTCHA_SITE_KEY",
  "CAPTCHA_SECRET_KEY",
  "CAPTCHA_VERIFY_URL",
  "PROVIDER_TIMEOUT_MS",
] as const;

/** For a test file: a siteverify stand-in, and the app's captcha settings pointed at it per test. */
export function setUpSiteverifyStandIn(
  provider: HostedProvider,
  options: { timeoutMs?: number } = {},
): () => SiteverifyStandIn {
  let stand: SiteverifyStandIn | undefined;
  let saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    stand = await startSiteverifyStandIn(provider);
  });
  afterAll(async () => {
    await stand?.close();
  });
  beforeEach(() => {
    saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
    stand?.reset();
    process.env.CAPTCHA_PROVIDER = provider;
    process.env.CAPTCHA_SITE_KEY = CAPTCHA_TEST_SITE_KEY;
    process.env.CAPTCHA_SECRET_KEY = CAPTCHA_TEST_SECRET;
    process.env.CAPTCHA_VERIFY_URL = `${stand?.url}/siteverify`;
    process.env.PROVIDER_TIMEOUT_MS = String(options.timeoutMs ?? 2_000);
    resetConfigForTests();
  });
  afterEach(() => {
    for (const name of ENV) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetConfigForTests();
  });
  return () => {
    if (!stand) throw new Error("the siteverify stand-in starts in beforeAll");
    return stand;
  };
}
