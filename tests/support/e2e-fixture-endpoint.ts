import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import express, { type Express, type Request } from "express";
import { z } from "zod";
import { loadViewer, resolveWorkspace } from "../../app/domain/access/guard.server";
import { acceptTerms, createCompany } from "../../app/domain/accounts/accounts.server";
import { normalizeEmail } from "../../app/domain/auth/identity.server";
import { hashPassword } from "../../app/domain/auth/password.server";
import { startUserSession } from "../../app/domain/auth/session.server";
import { recordInstalledStore } from "../../app/domain/shopify/store-profiles.server";
import { defaultChatBranding } from "../../app/domain/webchat/branding/branding-schema";
import { getDb } from "../../db/client.server";
import { accounts, storeProfiles, userRoles, users, webchatBranding } from "../../db/schema";
import {
  E2E_FIXTURE_PATH,
  E2E_FIXTURE_SECRET_HEADER,
  E2E_FORM_FIXTURE_PATH,
  type E2eFixtureAnswer,
} from "./e2e-fixture-protocol";
import { formFixtureRequest, storeE2eForm } from "./e2e-form-fixture";
import { storeOfflineSession } from "./shopify-sessions";

/**
 * Browser tests only: POST /__e2e/users writes a confirmed user (and, when asked, a company they are
 * the company admin of, with the terms accepted) straight to the database and answers with a session
 * cookie, as the Epic Stack's login fixture does, instead of five requests through sign-up, the
 * outbox, login, setup and the terms. The test process cannot write the rows itself: the e2e server
 * may run on the embedded PGlite, which only one process can open.
 *
 * It can never be on in production:
 * - this file is not in the Docker image (which copies app/, db/ and server.ts only), and server.ts
 *   imports it only when E2E_FIXTURE_SECRET is set, which only tests/support/e2e-server.ts sets
 *   (a random value per run, shared with the Playwright workers by playwright.config.ts);
 * - with the variable set, a server whose APP_URL is not a loopback address refuses to start;
 * - every request must come from a loopback address (the socket's, never X-Forwarded-For) and carry
 *   the secret, compared in constant time.
 */

const MIN_SECRET_LENGTH = 32;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const LOOPBACK_ADDRESSES = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

const fixtureRequest = z.object({
  user: z.object({
    email: z.string().min(3),
    password: z.string().min(8),
    givenName: z.string().min(1),
    familyName: z.string().min(1),
  }),
  company: z
    .object({
      company: z.string().min(1),
      url: z.string().min(1),
      link: z.string().min(1),
      chat: z.string().min(1),
      country: z.string().default("US"),
    })
    .optional(),
  acceptTerms: z.boolean().default(true),
  signIn: z.boolean().default(true),
  roles: z.array(z.enum(["admin", "roadmin", "beta", "internal"])).default([]),
  chatBranding: z
    .object({
      longAppName: z.string().optional(),
      pageTitle: z.string().optional(),
      shortAppName: z.string().optional(),
    })
    .optional(),
  store: z
    .object({
      shop: z.string().min(1),
      storeName: z.string().min(1),
      accessToken: z.string().min(1).optional(),
      scope: z.string().optional(),
      source: z.literal("shopify").optional(),
    })
    .optional(),
});

export function mountE2eFixture(app: Express, env: NodeJS.ProcessEnv = process.env) {
  const secret = env.E2E_FIXTURE_SECRET ?? "";
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT ?? 3000}`;
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(
      `E2E_FIXTURE_SECRET must have at least ${MIN_SECRET_LENGTH} characters (browser tests only).`,
    );
  if (!LOOPBACK_HOSTS.has(new URL(appUrl).hostname))
    throw new Error(
      `E2E_FIXTURE_SECRET is set on a server whose APP_URL (${appUrl}) is not a loopback address: it is for browser tests only. Unset it.`,
    );
  console.warn(
    `e2e: the browser tests' fixture endpoint ${E2E_FIXTURE_PATH} is on (E2E_FIXTURE_SECRET is set)`,
  );

  app.post(E2E_FIXTURE_PATH, express.json({ limit: "16kb" }), async (req, res, next) => {
    try {
      if (!fromTestRunner(req, secret)) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      const parsed = fixtureRequest.safeParse(req.body);
      if (!parsed.success) {
        res.status(400).json({ error: z.prettifyError(parsed.error) });
        return;
      }
      const { answer, cookie } = await createFixture(parsed.data, req.get("User-Agent"), appUrl);
      if (cookie) res.set("Set-Cookie", cookie);
      res.status(200).json(answer);
    } catch (error) {
      next(error);
    }
  });

  // A sign-up form of a company (issue 15), saved through the forms domain; same guard as above.
  app.post(E2E_FORM_FIXTURE_PATH, express.json({ limit: "16kb" }), async (req, res, next) => {
    try {
      if (!fromTestRunner(req, secret)) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      const parsed = formFixtureRequest.safeParse(req.body);
      if (!parsed.success) {
        res.status(400).json({ error: z.prettifyError(parsed.error) });
        return;
      }
      res.status(200).json(await storeE2eForm(parsed.data));
    } catch (error) {
      next(error);
    }
  });
}

/** From this machine's loopback (the socket's address, never X-Forwarded-For) with the run's secret. */
function fromTestRunner(req: Request, secret: string) {
  return (
    LOOPBACK_ADDRESSES.has(req.socket.remoteAddress ?? "") &&
    sameSecret(req.get(E2E_FIXTURE_SECRET_HEADER), secret)
  );
}

function sameSecret(given: string | undefined, secret: string) {
  const a = Buffer.from(given ?? "");
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The rows a user who signed up, confirmed, created a company and accepted the terms would have. */
async function createFixture(
  input: z.output<typeof fixtureRequest>,
  userAgent: string | undefined,
  appUrl: string,
) {
  const [user] = await getDb()
    .insert(users)
    .values({
      email: normalizeEmail(input.user.email),
      givenName: input.user.givenName,
      familyName: input.user.familyName,
      passwordHash: await hashPassword(input.user.password),
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  if (input.roles.length)
    await getDb()
      .insert(userRoles)
      .values(input.roles.map((role) => ({ userId: user.id, role })));

  let accountId: string | null = null;
  const request = new Request(`${appUrl}/`, { headers: userAgent ? { "User-Agent": userAgent } : {} });
  if (input.company) {
    const viewer = await loadViewer(user.id);
    if (!viewer) throw new Error("the fixture's user was not found");
    const created = await createCompany(viewer, {
      company: input.company.company,
      url: input.company.url,
      linkShortenerSubdomain: input.company.link,
      chatstreamSubdomain: input.company.chat,
      country: input.company.country,
    });
    if (!created.ok)
      throw new Error(`the fixture's company was refused: ${JSON.stringify(created.fieldErrors)}`);
    accountId = created.accountId;
    if (input.store) await linkInstalledStore(accountId, input.store);
    if (input.chatBranding) await storeUncheckedBranding(accountId, input.company, input.chatBranding);
    if (input.acceptTerms) {
      const member = await loadViewer(user.id);
      const workspace = member && (await resolveWorkspace(request, member));
      if (!member || !workspace) throw new Error("the fixture's company was not found");
      await acceptTerms({ ...member, ...workspace });
    }
  }

  let cookie: string | null = null;
  if (input.signIn) {
    const signedIn = await startUserSession(request, {
      userId: user.id,
      ipAddress: "127.0.0.1",
      redirectTo: "/",
    });
    cookie = signedIn.headers.get("Set-Cookie");
  }
  const answer: E2eFixtureAnswer = { userId: user.id, accountId };
  return { answer, cookie };
}

/** Branding texts stored as they are, unchecked (a row saved before issue 32's checks). */
async function storeUncheckedBranding(
  accountId: string,
  company: { company: string; chat: string },
  texts: NonNullable<z.output<typeof fixtureRequest>["chatBranding"]>,
) {
  const { subdomain: _subdomain, ...defaults } = defaultChatBranding(company.company, company.chat);
  await getDb()
    .insert(webchatBranding)
    .values({ ...defaults, ...texts, accountId });
}

/**
 * The store profile an install and onboarding leave, linked to the company; with an access token,
 * the store's offline session too (the Admin API token), and with `source`, the company's origin.
 */
async function linkInstalledStore(
  accountId: string,
  store: NonNullable<z.output<typeof fixtureRequest>["store"]>,
) {
  const profile = await recordInstalledStore({
    shop: store.shop,
    storeName: store.storeName,
    scopes: store.scope ?? null,
  });
  await getDb().update(storeProfiles).set({ accountId }).where(eq(storeProfiles.id, profile.id));
  if (store.accessToken) await storeOfflineSession(store.shop, store.accessToken, store.scope);
  if (store.source)
    await getDb().update(accounts).set({ source: store.source }).where(eq(accounts.id, accountId));
}
