import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { chatMessages } from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { clientIpContext } from "~/context.server";
import { unsubscribeToken } from "~/domain/webchat/chat/chat-emails.server";
import { ensureConversation, postContactMessage } from "~/domain/webchat/chat/conversations.server";
import { chatRateLimits } from "~/domain/webchat/chat/sign-in.server";
import { STREAM_LIMITS } from "~/services/events/event-stream.server";
import { mailsTo } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  createChatCompany,
  createChatContact,
  signInValuesIn,
} from "../../../tests/support/webchat-factories";
import { loader as pageLoader } from "./chat-page";
import { loader as eventsLoader } from "./events";
import { action as magicAction, loader as magicLoader } from "./magic";
import { loader as manifestLoader } from "./manifest";
import { action as messagesAction, loader as messagesLoader } from "./messages";
import { loader as workerLoader } from "./service-worker";
import { action as signInAction } from "./sign-in";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "./unsubscribe";
import { action as verifyAction } from "./verify";

// The chat app's public endpoints (issue 17) with bad, forged and repeated input: unknown companies,
// oversized and malformed bodies, forged links, codes, cookies and unsubscribe tokens, replays.

const BASE = "http://localhost:3000";
let ipCounter = 0;

type Handler = (args: never) => unknown;

async function call(fn: Handler, request: Request, subdomain: string): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(clientIpContext, `192.0.2.${(++ipCounter % 250) + 1}`);
  try {
    return (await fn({ request, params: { subdomain }, context } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  new Request(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
const postJson = (path: string, body: unknown, cookie?: string) =>
  new Request(`${BASE}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
const get = (path: string, cookie?: string) =>
  new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

/** The Welcome email of a first sign-in goes out after the answer: waits for it. */
async function welcomed(email: string) {
  await expect
    .poll(async () => (await mailsTo(email)).some((m) => m.subject?.startsWith("Welcome to")))
    .toBe(true);
}

describeEachDatabase("web chat app endpoints", (getDb) => {
  async function signedInContact() {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const sub = company.subdomain;
    await call(signInAction, post(`/c/${sub}/sign-in`, { email: contact.email }), sub);
    // The email goes out after the answer.
    await expect.poll(async () => (await mailsTo(contact.email)).length).toBeGreaterThan(0);
    const mails = await mailsTo(contact.email);
    const { token, code } = signInValuesIn(mails[mails.length - 1].text);
    const verified = await call(verifyAction, post(`/c/${sub}/verify`, { email: contact.email, code }), sub);
    await welcomed(contact.email);
    const setCookie = verified.headers.get("Set-Cookie") ?? "";
    return { company, contact, sub, token, code, verified, cookie: setCookie.split(";")[0], setCookie };
  }

  test("a chat session's live streams are capped (issue 32 item 11): the next is 429, a closed one frees its slot", async () => {
    const { sub, cookie } = await signedInContact();
    const open = async () => {
      const browser = new AbortController();
      const request = new Request(`${BASE}/c/${sub}/events`, {
        headers: { Cookie: cookie },
        signal: browser.signal,
      });
      return { browser, response: await call(eventsLoader, request, sub) };
    };
    const streams = [];
    for (let i = 0; i < STREAM_LIMITS.chatSession; i++) streams.push(await open());
    expect(streams.map((s) => s.response.headers.get("Content-Type"))).toEqual(
      streams.map(() => "text/event-stream"),
    );
    expect((await open()).response.status).toBe(429);
    const first = streams[0];
    const ended = first.response.text();
    first.browser.abort();
    await ended;
    const again = await open();
    expect(again.response.headers.get("Content-Type")).toBe("text/event-stream");
    for (const s of [...streams, again]) s.browser.abort();
    expect((await call(eventsLoader, get(`/c/${sub}/events`), sub)).status).toBe(401);
  });

  test("an unknown subdomain answers 404 naming no company", async () => {
    const response = await call(pageLoader, get("/c/no-such-chat/"), "no-such-chat");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("There is no chat at this address.");
    expect((await call(pageLoader, get("/c/BAD_%3Cx%3E/"), "BAD_<x>")).status).toBe(404);
  });

  test("the sign-in answer is the same for a contact and a stranger", async () => {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const sub = company.subdomain;
    const known = await call(signInAction, post(`/c/${sub}/sign-in`, { email: contact.email }), sub);
    const stranger = await call(
      signInAction,
      post(`/c/${sub}/sign-in`, { email: "stranger@example.com" }),
      sub,
    );

    expect(known.status).toBe(200);
    expect(stranger.status).toBe(200);
    const knownPage = (await known.text()).replaceAll(contact.email, "EMAIL");
    const strangerPage = (await stranger.text()).replaceAll("stranger@example.com", "EMAIL");
    expect(knownPage).toBe(strangerPage);
    expect(knownPage).toContain("Check your email");
  });

  test("bad bodies are refused: not a form, too large, not an email", async () => {
    const { accountId, subdomain: sub } = await createChatCompany();
    const wrongType = new Request(`${BASE}/c/${sub}/sign-in`, { method: "POST", body: "email=a@b.co" });
    const huge = post(`/c/${sub}/sign-in`, { email: `${"a".repeat(20_000)}@example.com` });

    expect((await call(signInAction, wrongType, sub)).status).toBe(400);
    expect((await call(signInAction, huge, sub)).status).toBe(400);
    expect((await call(signInAction, post(`/c/${sub}/sign-in`, { email: "nope" }), sub)).status).toBe(422);
    expect(accountId).toBeTruthy();
  });

  test("a code signs in with a session cookie scoped to the app's path; a replay and a forged code do not", async () => {
    const { sub, contact, code, verified, setCookie } = await signedInContact();

    expect(verified.status).toBe(303);
    expect(verified.headers.get("Location")).toBe(`/c/${sub}/`);
    expect(setCookie).toMatch(new RegExp(`Path=/c/${sub}; HttpOnly; SameSite=Lax`));
    const replay = await call(verifyAction, post(`/c/${sub}/verify`, { email: contact.email, code }), sub);
    expect(replay.status).toBe(422);
    expect(replay.headers.get("Set-Cookie")).toBeNull();
    expect(await replay.text()).toContain("That code is wrong or has expired.");
    const forged = await call(
      verifyAction,
      post(`/c/${sub}/verify`, { email: contact.email, code: "12345" }),
      sub,
    );
    expect(forged.status).toBe(422);
  });

  test("the emailed link asks to continue (a scanner's GET uses nothing), then signs in once", async () => {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const sub = company.subdomain;
    await call(signInAction, post(`/c/${sub}/sign-in`, { email: contact.email }), sub);
    await expect.poll(async () => (await mailsTo(contact.email)).length).toBe(1);
    const { token } = signInValuesIn((await mailsTo(contact.email))[0].text);

    const page = await call(magicLoader, get(`/c/${sub}/magic?token=${token}`), sub);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    const signedIn = await call(magicAction, post(`/c/${sub}/magic`, { token }), sub);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("Set-Cookie")).toContain("blusteam_chat=");
    await welcomed(contact.email);
    expect((await call(magicAction, post(`/c/${sub}/magic`, { token }), sub)).status).toBe(410);
    expect((await call(magicAction, post(`/c/${sub}/magic`, { token: "x".repeat(43) }), sub)).status).toBe(
      410,
    );
    expect((await call(magicLoader, get(`/c/${sub}/magic?token=<script>`), sub)).status).toBe(400);
  });

  test("the signed-in contact writes; a repeated post is stored once; bad messages are refused", async () => {
    const { sub, cookie, company, contact } = await signedInContact();
    const path = `/c/${sub}/messages`;

    const first = await call(
      messagesAction,
      postJson(path, { body: "Hello", clientKey: "abcdefgh1234" }, cookie),
      sub,
    );
    const again = await call(
      messagesAction,
      postJson(path, { body: "Hello", clientKey: "abcdefgh1234" }, cookie),
      sub,
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect((await again.json()).replay).toBe(true);
    expect(await getDb().select().from(chatMessages)).toHaveLength(1);

    expect((await call(messagesAction, postJson(path, { body: "   " }, cookie), sub)).status).toBe(422);
    expect((await call(messagesAction, postJson(path, { body: "x".repeat(2001) }, cookie), sub)).status).toBe(
      422,
    );
    expect(
      (await call(messagesAction, postJson(path, { body: "x".repeat(17_000) }, cookie), sub)).status,
    ).toBe(400);
    expect((await call(messagesAction, postJson(path, ["not", "an object"], cookie), sub)).status).toBe(400);
    // Without the script: a form post goes back to the page.
    const plain = await call(messagesAction, post(path, { body: "From a form" }, cookie), sub);
    expect(plain.status).toBe(303);

    const listed = await call(messagesLoader, get(path, cookie), sub);
    expect((await listed.json()).messages.map((m: { body: string }) => m.body)).toEqual([
      "Hello",
      "From a form",
    ]);
    expect(contact.email).toBeTruthy();
    expect(company.accountId).toBeTruthy();
  });

  test("no cookie, a forged cookie or another company's cookie reads and writes nothing", async () => {
    const { sub, cookie, company, contact } = await signedInContact();
    await postContactMessage(
      { accountId: company.accountId, contactId: contact.contactId },
      { body: "private", clientKey: null },
    );
    const other = await createChatCompany("Other");
    const otherSub = other.subdomain;

    for (const [target, jar] of [
      [sub, undefined],
      [sub, `blusteam_chat=${"A".repeat(43)}`],
      [otherSub, cookie],
    ] as const) {
      expect((await call(messagesLoader, get(`/c/${target}/messages`, jar), target)).status).toBe(401);
      expect(
        (await call(messagesAction, postJson(`/c/${target}/messages`, { body: "x" }, jar), target)).status,
      ).toBe(401);
      const page = await (await call(pageLoader, get(`/c/${target}/`, jar), target)).text();
      expect(page).not.toContain("private");
      expect(page).toContain('data-state="sign-in"');
    }
    const own = await (await call(pageLoader, get(`/c/${sub}/`, cookie), sub)).text();
    expect(own).toContain("private");
  });

  test("messages are rate-limited per contact", async () => {
    const { sub, cookie } = await signedInContact();
    const { limit } = chatRateLimits.messagesPerContact;
    for (let i = 0; i < limit; i++)
      expect(
        (await call(messagesAction, postJson(`/c/${sub}/messages`, { body: `m${i}` }, cookie), sub)).status,
      ).toBe(201);
    expect(
      (await call(messagesAction, postJson(`/c/${sub}/messages`, { body: "one more" }, cookie), sub)).status,
    ).toBe(429);
  });

  test("the unsubscribe link: a forged token changes nothing, the real one asks, then unsubscribes", async () => {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const sub = company.subdomain;
    const conversationId = await ensureConversation({
      accountId: company.accountId,
      contactId: contact.contactId,
    });
    const token = unsubscribeToken(conversationId);

    expect(
      (await call(unsubscribeLoader, get(`/c/${sub}/unsubscribe?c=${conversationId}&t=forged`), sub)).status,
    ).toBe(400);
    expect(
      (await call(unsubscribeAction, post(`/c/${sub}/unsubscribe`, { c: conversationId, t: "forged" }), sub))
        .status,
    ).toBe(400);
    const asks = await call(
      unsubscribeLoader,
      get(`/c/${sub}/unsubscribe?c=${conversationId}&t=${token}`),
      sub,
    );
    expect(await asks.text()).toContain("Unsubscribe");
    const other = await createChatCompany("Elsewhere");
    // The right token on another company's subdomain does nothing.
    expect(
      (
        await call(
          unsubscribeAction,
          post(`/c/${other.subdomain}/unsubscribe`, { c: conversationId, t: token }),
          other.subdomain,
        )
      ).status,
    ).toBe(400);
    const done = await call(
      unsubscribeAction,
      post(`/c/${sub}/unsubscribe`, { c: conversationId, t: token }),
      sub,
    );
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("you will no longer get an email");
  });

  test("the preview shows a sample conversation without a contact; the manifest carries the branding", async () => {
    const { subdomain: sub, company } = await createChatCompany();
    const preview = await call(pageLoader, get(`/c/${sub}/?preview=1`), sub);
    const html = await preview.text();
    expect(html).toContain('data-state="preview"');
    expect(html).toContain("Has my order shipped yet?");
    expect(preview.headers.get("Content-Security-Policy")).toContain(
      "frame-ancestors 'self' http://localhost:3000",
    );

    const manifest = await (await call(manifestLoader, get(`/c/${sub}/manifest.webmanifest`), sub)).json();
    expect(manifest).toMatchObject({
      name: company,
      start_url: `/c/${sub}/`,
      scope: `/c/${sub}/`,
      display: "standalone",
      theme_color: "#1F5199",
    });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(["192x192", "512x512"]);
  });

  test("on its chat host ({subdomain}.{CHAT_DOMAIN}) the chat app is served at the root, with its own origin's paths", async () => {
    process.env.CHAT_DOMAIN = "chat.example.com";
    resetConfigForTests();
    try {
      const { subdomain: sub, company } = await createChatCompany();
      const onChatHost = (path: string) =>
        new Request(`http://${sub}.chat.example.com:3000${path}`, {
          headers: { Host: `${sub}.chat.example.com:3000` },
        });
      // express-app.server.ts has rewritten the chat host's "/" to /c/{subdomain}/.
      const page = await call(pageLoader, onChatHost(`/c/${sub}/`), sub);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain(`<h1 class="cb-app-name" data-brand-text="longAppName">${company}</h1>`);
      expect(html).toContain('<form method="post" action="/sign-in"');
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      expect(html).toContain('href="/webchat/default-icon-192.png"');

      const worker = await call(workerLoader, onChatHost(`/c/${sub}/sw.js`), sub);
      const script = await worker.text();
      expect(script).toContain('const OFFLINE = "/offline";');
      expect(script).toContain('"/webchat/default-icon-512.png"');
      expect(script).not.toContain("http");

      const manifest = await (
        await call(manifestLoader, onChatHost(`/c/${sub}/manifest.webmanifest`), sub)
      ).json();
      expect(manifest).toMatchObject({ start_url: "/", scope: "/", name: company });

      // Another company's subdomain in the path of this host is not this host's company.
      const other = await createChatCompany();
      const elsewhere = await call(pageLoader, onChatHost(`/c/${other.subdomain}/`), other.subdomain);
      expect(await elsewhere.text()).toContain(`action="/c/${other.subdomain}/sign-in"`);
    } finally {
      delete process.env.CHAT_DOMAIN;
      resetConfigForTests();
    }
  });
});
