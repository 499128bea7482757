import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

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
  DATA_DIR: z.string().default(".data"),
  // Where `npm run build` writes the app and `npm start` reads it (two test runs side by side).
  BUILD_DIR: z.string().min(1).default("build"),
  SESSION_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Blusteam <no-reply@blusteam.dev>"),
  SUPPORT_EMAIL: z.email().default("support@blusteam.dev"),
  PRODUCTION_HOSTNAMES: z.string().default(""),
  SEED_DEMO_DATA: z.enum(["true", "false"]).default("true"),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
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
  // WhatsApp by Meta's Cloud API when both are set; otherwise the local outbox.
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  META_GRAPH_URL: z.url().default("https://graph.facebook.com/v21.0"),
  // How long a provider (Twilio, Meta) may take to answer before the send is retried later.
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // A queued journey message whose send job has not run after this long is queued again.
  JOURNEY_SEND_STALE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  // `false`: outbox messages go through send jobs too, as provider messages do (the crash test).
  JOURNEY_DISPATCH_INLINE: z.enum(["true", "false"]).default("true"),
});

export type AppConfig = Omit<z.infer<typeof schema>, "APP_URL"> & {
  APP_URL: string;
  sessionSecret: string;
  appOrigin: string;
};

function readOrCreateSessionSecret(dataDir: string): string {
  // No secret given: keep one per data directory so sessions survive a restart of `npm start`.
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function load(): AppConfig {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  const env = parsed.data;
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
  return {
    ...env,
    APP_URL: appUrl,
    sessionSecret: env.SESSION_SECRET ?? readOrCreateSessionSecret(env.DATA_DIR),
    appOrigin: new URL(appUrl).origin,
  };
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
