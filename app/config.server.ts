import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isLoopbackHostname } from "./loopback";
import { parseTrustProxy } from "./trust-proxy";

/**
 * Every environment variable the app reads, parsed once at start. README's table lists the same
 * names and defaults; a wrong value stops the server with a message naming the variable.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // Defaults to http://localhost:{PORT}.
  APP_URL: z.url().optional(),
  PRODUCT_NAME: z.string().min(1).default("Blusteam"),
  DATABASE_URL: z.string().optional(),
  // PostgreSQL only: how long opening a connection and one statement may take before they fail
  // (a request then answers 503 instead of hanging). 0 turns the statement timeout off.
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
  // PostgreSQL: the most connections each process opens for pages and jobs' queries, and for pg-boss
  // (README "Running several processes" gives the budget against max_connections).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  JOBS_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  // How long a worker's hold on a running CSV import lasts without a heartbeat (renewed every third
  // of it): a worker that dies is replaced within about twice this.
  CSV_IMPORT_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(45),
  DATA_DIR: z.string().default(".data"),
  // Where `npm run build` writes the app and `npm start` reads it (two test runs side by side).
  BUILD_DIR: z.string().min(1).default("build"),
  SESSION_SECRET: z.string().min(16).optional(),
  // The key for secrets kept at rest (integration keys, WhatsApp and Shopify access tokens). Required
  // when APP_URL is not loopback, and never kept in the database; the local trial derives one from
  // the session secret. DATA_ENCRYPTION_KEY_PREVIOUS: keys it replaced (comma-separated), still opened
  // and sealed again under DATA_ENCRYPTION_KEY at start (README "Rotating the data encryption key").
  DATA_ENCRYPTION_KEY: z.string().min(16).optional(),
  DATA_ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(16, "every key is at least 16 characters"))),
  SMTP_URL: z.string().optional(),
  // `true`: keep /dev/outbox (for requests from this machine only) although APP_URL is not loopback.
  DEV_OUTBOX: z.enum(["true", "false"]).default("false"),
  MAIL_FROM: z.string().default("Blusteam <no-reply@blusteam.dev>"),
  SUPPORT_EMAIL: z.email().default("support@blusteam.dev"),
  PRODUCTION_HOSTNAMES: z.string().default(""),
  // Unset: the demo company and users are seeded only when APP_URL is loopback (the local trial).
  SEED_DEMO_DATA: z.enum(["true", "false"]).optional(),
  // Express's `trust proxy`: a hop count or the proxies' addresses; never `true` (see trust-proxy.ts).
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed.trust;
    }),
  // `false`: this server only queues background jobs (CSV imports); `npm run worker` runs them.
  RUN_WORKER: z.enum(["true", "false"]).default("true"),
  // Uploaded files (CSV imports) in an S3-compatible bucket when S3_BUCKET is set; otherwise on local
  // disk under DATA_DIR/uploads. Without keys, the AWS SDK's own chain (environment, instance role).
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  // For S3-compatible services (MinIO, Cloudflare R2, ...): their address, usually with path-style.
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // SMS by Twilio when the three are set; otherwise the local outbox (/dev/outbox).
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.url().default("https://api.twilio.com"),
  // The secret of the SharedKey a Twilio Webhooks Rule signs our webhooks with (instead of the auth token).
  TWILIO_WEBHOOK_SHARED_KEY_SECRET: z.string().optional(),
  // WhatsApp by Meta's Cloud API when both are set; otherwise the local outbox.
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  META_GRAPH_URL: z.url().default("https://graph.facebook.com/v23.0"),
  // How long a provider (Twilio, Meta) may take to answer before the send is retried later.
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // A queued journey message whose send job has not run after this long is queued again.
  JOURNEY_SEND_STALE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  // `false`: outbox messages go through send jobs too, as provider messages do (the crash test).
  JOURNEY_DISPATCH_INLINE: z.enum(["true", "false"]).default("true"),
  // Card billing by Stripe when STRIPE_SECRET_KEY is set; otherwise plans and usage still show and
  // Select Plan says card billing is not configured. /webhooks/stripe needs STRIPE_WEBHOOK_SECRET.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Another address for Stripe's API (a local stand-in in tests): protocol, host and port are used.
  STRIPE_API_URL: z.url().default("https://api.stripe.com"),
  // The Billing Meter overage messages are reported to (`npm run stripe:sync` creates it).
  STRIPE_METER_EVENT_NAME: z
    .string()
    .regex(/^[a-z0-9_]+$/)
    .default("blusteam_overage_messages"),
  // Named by the manual-billing placeholder of the Billing tab; defaults to SUPPORT_EMAIL.
  BILLING_SUPPORT_EMAIL: z.email().optional(),
  // The Shopify app (install, embedded admin, store webhooks, store billing) when both are set;
  // otherwise every Shopify surface says the integration is not configured on this server.
  SHOPIFY_API_KEY: z.string().min(1).optional(),
  SHOPIFY_API_SECRET: z.string().min(1).optional(),
  // The app's listing, opened by 'Connect To Shopify' on /integration.
  SHOPIFY_APP_STORE_URL: z.url().default("https://apps.shopify.com/"),
  // Store billing makes Shopify test charges (free, never paid). Unset: only on the local trial
  // (loopback APP_URL); a deployed server charges for real unless this is `true` on purpose.
  SHOPIFY_BILLING_TEST: z.enum(["true", "false"]).optional(),
  // Tests only: every call and redirect to https://{shop} goes to {SHOPIFY_API_URL}/{shop} instead
  // (a local stand-in that speaks Shopify's OAuth and Admin API).
  SHOPIFY_API_URL: z.url().optional(),
  // Sign-up forms (issue 15): the public form's captcha. altcha (default): self-hosted proof of work,
  // no outside service. turnstile or hcaptcha: that provider, with CAPTCHA_SITE_KEY and
  // CAPTCHA_SECRET_KEY; CAPTCHA_VERIFY_URL replaces its siteverify address (a local stand-in in tests).
  CAPTCHA_PROVIDER: z.enum(["altcha", "turnstile", "hcaptcha"]).default("altcha"),
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  CAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  CAPTCHA_VERIFY_URL: z.url().optional(),
  // The host names a hosted captcha's answer may name (the page the widget was solved on); default
  // APP_URL's. A token solved on another site that shows our site key is refused.
  CAPTCHA_HOSTNAMES: z.string().optional(),
  // ALTCHA's work: PBKDF2 iterations per attempt, and the most attempts a visitor's browser makes.
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(3000),
  // Public form submissions accepted per visitor address per minute (per server process).
  FORM_SUBMISSIONS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
  // The optional CRM notification (spec README: "optional outbound adapters, off unless configured"):
  // the forms' 'Form Page Loads' and 'Form Submitted' events POSTed as JSON to CRM_WEBHOOK_URL, signed
  // with CRM_WEBHOOK_SECRET (Standard Webhooks: HMAC-SHA256), by a retried job. Unset: not sent.
  CRM_WEBHOOK_URL: z.url().optional(),
  CRM_WEBHOOK_SECRET: z.string().min(16).optional(),
  CRM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  // Web chat (issue 17): a domain whose subdomains serve each company's chat app
  // ({ChatStream subdomain}.{CHAT_DOMAIN}, e.g. chat.example.com). Unset: APP_URL/c/{subdomain} only.
  CHAT_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i, {
      message: "a host name such as chat.example.com (no scheme, port or path)",
    })
    .transform((value) => value.toLowerCase())
    .optional(),
});

export type AppConfig = Omit<z.infer<typeof schema>, "APP_URL"> & {
  APP_URL: string;
  /** APP_URL was given (not the http://localhost:{PORT} default). */
  appUrlGiven: boolean;
  /**
   * SESSION_SECRET; else, with DATABASE_URL, the secret kept in the database (loadSharedSessionSecret
   * must have run at start); else one kept in DATA_DIR. It also signs emailed codes.
   */
  sessionSecret: string;
  appOrigin: string;
  /** APP_URL's host is this machine (localhost, 127.0.0.1, ::1): the local trial, not a deployment. */
  appUrlIsLoopback: boolean;
  /** /dev/outbox is served (to requests from this machine): no SMTP, and loopback or DEV_OUTBOX=true. */
  serveOutboxPage: boolean;
  /** Demo Co and the demo users (whose passwords README publishes) are seeded. */
  seedDemoData: boolean;
  billingSupportEmail: string;
  /** SHOPIFY_API_KEY and SHOPIFY_API_SECRET are both set. */
  shopifyConfigured: boolean;
  /**
   * Store plans are requested as Shopify test charges, and a test subscription may activate a plan:
   * SHOPIFY_BILLING_TEST, else only on the local trial (a test charge is never paid).
   */
  shopifyBillingTest: boolean;
  /** CAPTCHA_HOSTNAMES, or APP_URL's host name: where a hosted captcha's token may have been solved. */
  captchaHostnames: string[];
  /**
   * The keys secrets at rest are sealed with: the first seals, every one opens (the rest are
   * DATA_ENCRYPTION_KEY_PREVIOUS). Throws on a deployment without DATA_ENCRYPTION_KEY, or whose
   * DATA_ENCRYPTION_KEY is the session secret kept in the database.
   */
  dataEncryptionKeys: string[];
};

function readOrCreateSessionSecret(dataDir: string): string {
  // No secret given: keep one per data directory so sessions survive a restart of `npm start`.
  const existing = readSessionSecretFile(dataDir);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file(dataDir), secret, { mode: 0o600 });
  return secret;
}

const file = (dataDir: string) => path.join(dataDir, "session-secret");

/** The secret an earlier, single-process start kept in DATA_DIR (carried into the database once). */
export function readSessionSecretFile(dataDir: string): string | null {
  return existsSync(file(dataDir)) ? readFileSync(file(dataDir), "utf8").trim() : null;
}

// Kept on globalThis: server.ts and the server bundle each load a copy of this module.
const sharedSecretKey = Symbol.for("blusteam.sharedSessionSecret");
type GlobalWithSecret = typeof globalThis & { [sharedSecretKey]?: string };

/** Start-up (server.ts, scripts/worker.ts) hands over the session secret read from the database. */
export function installSharedSessionSecret(secret: string | undefined) {
  (globalThis as GlobalWithSecret)[sharedSecretKey] = secret;
}

function load(): AppConfig {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  const env = parsed.data;
  if (env.CAPTCHA_PROVIDER !== "altcha" && !(env.CAPTCHA_SITE_KEY && env.CAPTCHA_SECRET_KEY))
    throw new Error(
      `Invalid environment configuration:\n  CAPTCHA_PROVIDER is ${env.CAPTCHA_PROVIDER}: set CAPTCHA_SITE_KEY and CAPTCHA_SECRET_KEY`,
    );
  if (Boolean(env.CRM_WEBHOOK_URL) !== Boolean(env.CRM_WEBHOOK_SECRET))
    throw new Error(
      "Invalid environment configuration:\n  CRM_WEBHOOK_URL and CRM_WEBHOOK_SECRET go together: set both (the events are signed) or neither",
    );
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
  const appHost = new URL(appUrl).hostname.toLowerCase();
  // The app's own host under CHAT_DOMAIN would be some company's chat host (app.chat.example.com is
  // the chat of the company whose subdomain is "app"), and the chat's origin the staff app's.
  if (env.CHAT_DOMAIN && appHost.endsWith(`.${env.CHAT_DOMAIN}`))
    throw new Error(
      `Invalid environment configuration:\n  CHAT_DOMAIN is ${env.CHAT_DOMAIN}, and APP_URL's host ${appHost} is under it: give the chat apps a domain of their own (chat.example.com for app.example.com)`,
    );
  const appUrlIsLoopback = isLoopbackHostname(new URL(appUrl).hostname);
  const fileSecret =
    env.SESSION_SECRET || env.DATABASE_URL ? undefined : readOrCreateSessionSecret(env.DATA_DIR);
  const settings: AppConfig = {
    ...env,
    APP_URL: appUrl,
    appUrlGiven: env.APP_URL !== undefined,
    // Several processes on one PostgreSQL must sign with the same secret: it is read from the database
    // at start, and a read before that is a bug, never a reason to make up a secret of our own.
    get sessionSecret(): string {
      const secret = env.SESSION_SECRET ?? fileSecret ?? (globalThis as GlobalWithSecret)[sharedSecretKey];
      if (!secret)
        throw new Error("The session secret is read from the database at start; it was not loaded yet");
      return secret;
    },
    appOrigin: new URL(appUrl).origin,
    appUrlIsLoopback,
    serveOutboxPage: !env.SMTP_URL && (appUrlIsLoopback || env.DEV_OUTBOX === "true"),
    seedDemoData: env.SEED_DEMO_DATA === undefined ? appUrlIsLoopback : env.SEED_DEMO_DATA === "true",
    billingSupportEmail: env.BILLING_SUPPORT_EMAIL ?? env.SUPPORT_EMAIL,
    shopifyConfigured: Boolean(env.SHOPIFY_API_KEY && env.SHOPIFY_API_SECRET),
    shopifyBillingTest:
      env.SHOPIFY_BILLING_TEST === undefined ? appUrlIsLoopback : env.SHOPIFY_BILLING_TEST === "true",
    captchaHostnames: (env.CAPTCHA_HOSTNAMES ?? new URL(appUrl).hostname)
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    get dataEncryptionKeys(): string[] {
      assertDataEncryptionKeyConfigured(settings);
      const current = env.DATA_ENCRYPTION_KEY ?? settings.sessionSecret;
      // SESSION_SECRET unset on PostgreSQL: the session secret is a row of app_secrets, so a key equal
      // to it opens every sealed secret to whoever reads the database.
      if (!appUrlIsLoopback && !env.SESSION_SECRET && env.DATABASE_URL && current === settings.sessionSecret)
        throw new Error(
          "Invalid environment configuration:\n  DATA_ENCRYPTION_KEY is the session secret kept in the database " +
            "(app_secrets), so the database alone opens the secrets it protects. Set DATA_ENCRYPTION_KEY to a new " +
            "random key and move this value to DATA_ENCRYPTION_KEY_PREVIOUS: what it sealed is sealed again " +
            'under the new key at start (README "Rotating the data encryption key").',
        );
      return [current, ...env.DATA_ENCRYPTION_KEY_PREVIOUS];
    },
  };
  return settings;
}

/**
 * Secrets at rest (integration keys, WhatsApp and Shopify access tokens) must not open with the
 * database alone: a deployment takes their key from the environment. The local trial derives one from
 * its session secret (in DATA_DIR, or in the database on PostgreSQL). Called by server.ts and
 * scripts/worker.ts before they open the database, and by every seal and open.
 */
export function assertDataEncryptionKeyConfigured(
  settings: Pick<AppConfig, "appUrlIsLoopback" | "APP_URL" | "DATA_ENCRYPTION_KEY">,
) {
  if (settings.appUrlIsLoopback || settings.DATA_ENCRYPTION_KEY) return;
  throw new Error(
    `APP_URL is ${settings.APP_URL}, not this machine, and DATA_ENCRYPTION_KEY is unset: integration keys and ` +
      "WhatsApp and Shopify access tokens kept in the database would be sealed with a key the database itself " +
      "holds. Set DATA_ENCRYPTION_KEY to a random key of at least 16 characters (openssl rand -hex 32), the " +
      "same on every server and worker process, kept outside the database. An installation that ran without " +
      'it: also set DATA_ENCRYPTION_KEY_PREVIOUS to its session secret (README "Rotating the data encryption key").',
  );
}

/**
 * A server others can reach must not fall back to the local outbox: its emails (sign-up codes,
 * password resets) would never leave the machine. Called by server.ts before it serves anything;
 * throws the message the operator reads.
 */
export function assertMailConfigured(settings: AppConfig) {
  if (settings.appUrlIsLoopback || settings.SMTP_URL || settings.DEV_OUTBOX === "true") return;
  throw new Error(
    `APP_URL is ${settings.APP_URL}, not this machine, and SMTP_URL is unset: emails (sign-up codes, ` +
      "password resets, invitations) would only reach the local outbox. Set SMTP_URL to your mail server " +
      "(smtp://user:pass@smtp.example.com:587), or DEV_OUTBOX=true to keep the local outbox on purpose " +
      "(/dev/outbox then answers requests from this machine only).",
  );
}

/**
 * A process others reach, or one sharing outside services, must know its public address: without
 * APP_URL a worker writes http://localhost:3000 into tracked links and emails. The local trial
 * (everything on this machine, nothing configured) keeps the default. Called by server.ts and
 * scripts/worker.ts before they do anything.
 */
export function assertPublicAddressConfigured(settings: AppConfig) {
  if (settings.appUrlGiven) return;
  const deploymentSigns = deploymentVariables(settings);
  if (deploymentSigns.length === 0) return;
  throw new Error(
    `APP_URL is unset, but this is a deployment, not the local trial (set: ${deploymentSigns.join(", ")}): ` +
      "links in messages and emails would point at http://localhost. Set APP_URL to the address people " +
      "open (https://blusteam.example.com), the same on every server and worker process.",
  );
}

function deploymentVariables(settings: AppConfig): string[] {
  const signs: string[] = [];
  if (settings.DATABASE_URL && !databaseIsLocal(settings.DATABASE_URL))
    signs.push("DATABASE_URL (a database on another machine)");
  for (const name of ["SMTP_URL", "S3_BUCKET", "TWILIO_ACCOUNT_SID", "WHATSAPP_PHONE_NUMBER_ID"] as const)
    if (settings[name]) signs.push(name);
  if (settings.NODE_ENV === "production" && settings.SEED_DEMO_DATA === "false")
    signs.push("SEED_DEMO_DATA=false with NODE_ENV=production (the Docker image)");
  return signs;
}

function databaseIsLocal(url: string): boolean {
  try {
    const { hostname } = new URL(url);
    // postgres:///db and a Unix socket directory are this machine.
    return hostname === "" || isLoopbackHostname(hostname);
  } catch {
    return false;
  }
}

let cached: AppConfig | undefined;
export function config(): AppConfig {
  cached ??= load();
  return cached;
}

/** Tests change the environment between files; they call this to re-read it. */
export function resetConfigForTests() {
  cached = undefined;
}
