import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler as createExpressHandler } from "@react-router/express";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Request as ExpressRequest } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { config } from "~/config.server";
import { clientIpContext, fromThisMachineContext, pageEncodingContext } from "~/context.server";
import { startUserSession } from "~/domain/auth/session.server";
import { defaultFormDocument } from "~/domain/forms/form-document";
import { createForm, setPublished } from "~/domain/forms/forms.server";
import { createExpressApp, loadContextFor } from "~/express-app.server";
import type { PublicFormRoute } from "~/serve-public-form.server";
import { issueAltchaChallenge } from "~/services/captcha/captcha.server";
import { stopJobs } from "~/services/jobs/jobs.server";
import reactRouterConfig from "../../react-router.config";
import { cookieFrom } from "../support/factories";
import { companyWithAdmin } from "../support/team-factories";
import { describeEachDatabase } from "../support/test-database";

/**
 * Two bypasses checked against the library path they replace, on the app as production builds it
 * (`react-router build`, once for this file; about a minute on a busy machine):
 *
 * - the matched-routes manifest (docs/decisions/0014): pages drawn by the build's handleRequest, whose
 *   ServerRouter gets only the matched routes, are byte for byte those drawn by
 *   handleRequestWithWholeManifest (React Router's whole manifest), apart from each page's nonce;
 * - the public form's fast path (docs/decisions/0018): the Express front with the fast path and without
 *   it (React Router's handler for the built route) answer the same requests with the same status,
 *   headers and body, apart from the Date header and each page's idempotency key.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// Inside the repository, so the built server resolves its packages from node_modules (ignored by git: /build-*).
const buildDir = path.join(rootDir, `build-vitest-${process.pid}`);

type EntryModule = ServerBuild["entry"]["module"] & {
  handleRequestWithWholeManifest: ServerBuild["entry"]["module"]["default"];
};
let build: ServerBuild;

beforeAll(async () => {
  execFileSync("npx", ["react-router", "build"], {
    cwd: rootDir,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
}, 600_000);
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

/** What Express hands React Router for a visitor on this machine. */
const localContext = () =>
  loadContextFor({ ip: "127.0.0.1", socket: { remoteAddress: "127.0.0.1" }, headers: {} } as never);

/**
 * loadContextFor's context, as an instance of the RouterContextProvider @react-router/express checks
 * against: Node loads that adapter's react-router natively, and vitest loads the one our modules import
 * itself, so the two classes differ. The values are loadContextFor's own.
 */
const adapterReactRouter = createRequire(import.meta.url)("react-router") as typeof import("react-router");
function adapterLoadContext(req: ExpressRequest) {
  const ours = loadContextFor(req);
  const context = new adapterReactRouter.RouterContextProvider();
  for (const key of [clientIpContext, fromThisMachineContext, pageEncodingContext] as const)
    context.set(key as never, ours.get(key as never));
  return context;
}

/** The nonce React and our policy write into a page: new for every request. */
const withoutNonce = (text: string) => text.replace(/nonce(=|-)("?)[A-Za-z0-9+/=]{16,}/g, "nonce$1$2NONCE");
/** Server-Timing's durations: measured anew for every request. */
const withoutDurations = (text: string) => text.replace(/;dur=\d+(\.\d+)?/g, ";dur=N");

test("react-router.config.ts and the build discover routes from the initial manifest", () => {
  // withMatchedRoutesOnly is safe only while the browser builds its routes from the manifest file.
  expect(reactRouterConfig.routeDiscovery).toEqual({ mode: "initial" });
  expect(build.routeDiscovery.mode).toBe("initial");
});

describeEachDatabase("the matched-routes manifest", () => {
  test("pages drawn from the matched routes only are byte for byte those drawn from the whole manifest", async () => {
    const entry = build.entry.module as EntryModule;
    expect(entry.handleRequestWithWholeManifest).toBeTypeOf("function");
    const matchedOnly = createRequestHandler(build, "production");
    const wholeManifest = createRequestHandler(
      { ...build, entry: { module: { ...entry, default: entry.handleRequestWithWholeManifest } } },
      "production",
    );
    const { admin } = await companyWithAdmin("Byte Co");
    const origin = config().APP_URL as string;
    // A session as the sign-in makes it (the build reads the same sessions table and secret).
    const cookie = cookieFrom(
      await startUserSession(new Request(`${origin}/login`), {
        userId: admin.id,
        ipAddress: "127.0.0.1",
        redirectTo: "/",
      }),
    );
    const pages = [
      ["/", cookie],
      ["/contacts", cookie],
      ["/touchpoints", cookie],
      ["/settings", cookie],
      ["/product", cookie],
      ["/no-such-screen", cookie],
      ["/login", ""],
      ["/signup", ""],
    ] as const;
    const statuses: Record<string, number> = {};
    for (const [page, session] of pages) {
      const request = () =>
        new Request(`${origin}${page}`, {
          headers: { Cookie: session, Accept: "text/html", "Accept-Encoding": "identity" },
        });
      const [ours, library] = [
        await matchedOnly(request(), localContext()),
        await wholeManifest(request(), localContext()),
      ];
      statuses[page] = ours.status;
      expect(ours.status, page).toBe(library.status);
      expect(withoutDurations(withoutNonce(JSON.stringify([...ours.headers]))), page).toBe(
        withoutDurations(withoutNonce(JSON.stringify([...library.headers]))),
      );
      expect(withoutNonce(await ours.text()), page).toBe(withoutNonce(await library.text()));
    }
    // Signed in, the screens drew (not a redirect to the sign-in page that would compare trivially).
    expect(statuses).toMatchObject({ "/contacts": 200, "/settings": 200, "/login": 200 });
  });
});

describeEachDatabase("the public form's fast path", () => {
  let servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    servers = [];
    await stopJobs();
  });

  /** The Express front as server.ts builds it, with the fast path or without it. */
  async function front(fastPath: boolean): Promise<string> {
    const app = createExpressApp({
      settings: config(),
      pingDatabase: async () => {},
      databaseCanBeDown: false,
      publicFormRoute: fastPath ? (build.entry.module as unknown as PublicFormRoute) : undefined,
      handler: createExpressHandler({ build, mode: "production", getLoadContext: adapterLoadContext }),
    });
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async function publishedForm(): Promise<string> {
    const { account } = await companyWithAdmin("Parity Solar");
    const created = await createForm({ account: { id: account.id } }, defaultFormDocument());
    if (!created.ok) throw new Error("the form was not created");
    await setPublished({ account: { id: account.id } }, created.form.id, true);
    return created.form.id;
  }

  async function solvedCaptcha(): Promise<string> {
    const challenge = await issueAltchaChallenge();
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error("not solved");
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  }

  /**
   * Status, headers and body, with what differs on every answer (Date, a page's own key) taken out, and
   * the framing: the fast path sends a body it holds with its Content-Length, React Router's adapter
   * streams it chunked. The bodies, compared byte for byte, are what those headers frame.
   */
  const notCompared = new Set(["date", "keep-alive", "connection", "content-length", "transfer-encoding"]);
  async function answer(response: Response) {
    const headers = [...response.headers].filter(([name]) => !notCompared.has(name));
    const body = (await response.text()).replace(/name="_key" value="[^"]+"/g, 'name="_key" value="KEY"');
    return { status: response.status, headers, body };
  }

  /** The same request (made fresh for each) through both fronts. */
  async function both(request: (base: string) => Promise<Response>) {
    const [fast, library] = [await front(true), await front(false)];
    return { fast: await answer(await request(fast)), library: await answer(await request(library)) };
  }

  test("a form's page, a missing form and a HEAD: the same answer from both paths", async () => {
    const id = await publishedForm();
    const statuses: string[] = [];
    for (const url of [
      `/contact-form-builder/m/${id}`,
      `/contact-form/contact-form-builder/m/${id}?productId=00000000-0000-4000-8000-000000000000`,
      "/contact-form-builder/m/00000000-0000-4000-8000-000000000000",
      "/contact-form-builder/m/not-an-id",
    ]) {
      for (const method of ["GET", "HEAD"]) {
        const { fast, library } = await both((base) => fetch(`${base}${url}`, { method }));
        expect(fast, `${method} ${url}`).toEqual(library);
        statuses.push(`${method} ${fast.status}`);
      }
    }
    expect(statuses).toEqual([
      "GET 200",
      "HEAD 200",
      "GET 200",
      "HEAD 200",
      "GET 404",
      "HEAD 404",
      "GET 404",
      "HEAD 404",
    ]);
  });

  test("valid and invalid posts: the same answer from both paths", async () => {
    const id = await publishedForm();
    const visitor = {
      "First Name": "Grace",
      "Last Name": "Hopper",
      "Phone No.": "(212) 555-0142",
      Email: "grace@example.com",
    };
    let key = 0;
    const post = (accept: string, fields: () => Promise<Record<string, string>>) => async (base: string) =>
      fetch(`${base}/contact-form-builder/m/${id}`, {
        method: "POST",
        headers: { Accept: accept, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          _key: `parity-post-key-${String(++key).padStart(4, "0")}`,
          ...(await fields()),
        }),
      });
    const valid = async () => ({ ...visitor, altcha: await solvedCaptcha() });
    const cases = {
      "a valid post (JSON)": post("application/json", valid),
      "a valid post (a page, without script)": post("text/html", valid),
      "no captcha": post("application/json", async () => visitor),
      "required fields missing": post("application/json", async () => ({ altcha: await solvedCaptcha() })),
      "required fields missing (a page)": post("text/html", async () => ({ altcha: await solvedCaptcha() })),
    };
    const statuses: Record<string, number> = {};
    for (const [name, request] of Object.entries(cases)) {
      const { fast, library } = await both(request);
      expect(fast, name).toEqual(library);
      statuses[name] = fast.status;
    }
    // Each case reached the outcome it is named for (not, say, both refused by the rate limit).
    expect(statuses).toEqual({
      "a valid post (JSON)": 200,
      "a valid post (a page, without script)": 200,
      "no captcha": 403,
      "required fields missing": 422,
      "required fields missing (a page)": 422,
    });
  });
});
