import { escapeHtml, richTextToPlain } from "~/domain/forms/rich-text";
import { ownEntry } from "~/domain/kernel/own-entry";
import {
  ATTRIBUTE_TOKEN,
  LINK_VARIABLES,
  sanitizeTemplateHtml,
  type TemplateKind,
  type TemplateVariable,
} from "./template-html";

/** What a template is filled with; a variable left out renders as nothing. */
export type TemplateValues = {
  firstName: string;
  lastName: string;
  magicLink?: string;
  magicCode?: string;
  unsubscribeLink?: string;
  attributes?: Record<string, string>;
};

export type TemplateCopy = { subject: string; body: string };

/** The default templates (English), for a company that never applied its own. */
export function defaultTemplate(kind: TemplateKind, companyName: string): TemplateCopy {
  const company = escapeHtml(companyName);
  switch (kind) {
    case "welcome":
      return {
        subject: `Welcome to ${companyName}`,
        body: `<p>Hi {{firstName}},</p><p>Welcome to the ${company} chat. Write to us any time: we answer right there, and we let you know by email when we do.</p><p>See you soon,<br>${company}</p>`,
      };
    case "newMessage":
      return {
        subject: `New message from ${companyName}`,
        body: `<p>Hi {{firstName}},</p><p>${company} sent you a new message in the chat.</p><p><a href="{{magicLink}}">Read it and reply</a></p><p style="font-size: 12px">Don't want these emails? <a href="{{unsubscribeLink}}">Unsubscribe</a></p>`,
      };
    case "magicLink":
      return {
        subject: `Your sign-in link for ${companyName}`,
        body: `<p>Hi {{firstName}},</p><p>Use this link to sign in to the ${company} chat:</p><p><a href="{{magicLink}}">Sign in</a></p><p>Or enter this code: <strong>{{magicCode}}</strong></p><p>The link and the code expire in 15 minutes and work once. If you did not ask for them, ignore this email.</p>`,
      };
  }
}

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function plainValue(name: TemplateVariable, values: TemplateValues): string {
  return (values[name] ?? "").replace(/[\r\n]+/g, " ");
}

const isLinkVariable = (name: string): name is (typeof LINK_VARIABLES)[number] =>
  (LINK_VARIABLES as readonly string[]).includes(name);
/** Only web addresses become links: a value that is not one is shown as text. */
const WEB_ADDRESS = /^https?:\/\/[^\s"'<>`]+$/i;

function fillText(text: string, values: TemplateValues, insideLink: boolean): string {
  return text
    .replace(
      /\{\{(firstName|lastName|magicLink|magicCode|unsubscribeLink)\}\}/g,
      (_, name: TemplateVariable) => {
        const value = plainValue(name, values);
        if (isLinkVariable(name) && WEB_ADDRESS.test(value) && !insideLink)
          return `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`;
        return escapeHtml(value);
      },
    )
    .replace(ATTRIBUTE_TOKEN, (_, name: string) =>
      escapeHtml(ownEntry(values.attributes ?? {}, decodeEntities(name)) ?? ""),
    );
}

/** An opening link whose href is a link variable gets the address, or loses its href when none. */
function fillLink(tag: string, values: TemplateValues): string {
  return tag.replace(/ href="\{\{(magicLink|unsubscribeLink)\}\}"/, (_, name: TemplateVariable) => {
    const value = plainValue(name, values);
    return WEB_ADDRESS.test(value) ? ` href="${escapeHtml(value)}"` : "";
  });
}

/** The body's HTML (sanitised, then filled: values escaped, link variables as links). */
export function renderTemplateBody(body: string, values: TemplateValues): string {
  let depth = 0;
  return sanitizeTemplateHtml(body).replace(/(<[^>]+>)|([^<]+)/g, (_, tag?: string, text?: string) => {
    if (tag) {
      if (tag.startsWith("<a")) {
        depth++;
        return fillLink(tag, values);
      }
      if (tag === "</a>") depth = Math.max(0, depth - 1);
      return tag;
    }
    return fillText(text ?? "", values, depth > 0);
  });
}

export function renderTemplateSubject(subject: string, values: TemplateValues): string {
  return subject
    .replace(
      /\{\{(firstName|lastName|magicLink|magicCode|unsubscribeLink)\}\}/g,
      (_, name: TemplateVariable) => plainValue(name, values),
    )
    .replace(ATTRIBUTE_TOKEN, (_, name: string) => ownEntry(values.attributes ?? {}, name) ?? "")
    .replace(/[\r\n]+/g, " ")
    .trim();
}

/** The plain-text part: the words, each link as "words (address)". */
export function templateBodyToText(html: string): string {
  const withAddresses = html.replace(
    /<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g,
    (_, href: string, inner: string) => {
      const address = decodeEntities(href);
      const words = richTextToPlain(inner);
      return escapeHtml(words === address || !words ? address : `${words} (${address})`);
    },
  );
  return richTextToPlain(withAddresses);
}

/** The whole email: subject, an HTML document around the body, and its plain text. */
export function renderTemplate(copy: TemplateCopy, values: TemplateValues) {
  const body = renderTemplateBody(copy.body, values);
  const html = `<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#202223">${body}</body></html>`;
  return { subject: renderTemplateSubject(copy.subject, values), html, text: templateBodyToText(body) };
}

/** Sample values the editor previews a template with. */
export const SAMPLE_VALUES: TemplateValues = {
  firstName: "Jane",
  lastName: "Doe",
  magicLink: "https://chat.example.com/sign-in",
  magicCode: "123456",
  unsubscribeLink: "https://chat.example.com/unsubscribe",
};
