import { config } from "~/config.server";
import { escapeHtml } from "~/domain/forms/rich-text";
import { scriptLiteral } from "~/domain/kernel/script-literal";
import type { ChatBranding } from "~/domain/webchat/branding/branding-schema";
import { type ChatAppTexts, type ChatLanguage, chatTexts, fill } from "./chat-texts";
import { type ChatMessageView, MAX_MESSAGE_LENGTH } from "./conversations.server";

/**
 * The contact-facing chat app's pages as whole HTML documents: no React and no Polaris on the client,
 * its own small CSS and one script (/chat-app/chat.js) that adds live messages, the welcome pop-up,
 * the service worker and the branding preview. Every form works without the script.
 */

// Bump when public/chat-app/chat.js or chat.css change: their URLs carry it (long browser caching),
// and the service worker's cache is named after it.
export const CHAT_APP_VERSION = "1";
export const CHAT_SCRIPT = `/chat-app/chat.js?v=${CHAT_APP_VERSION}`;
export const CHAT_STYLE = `/chat-app/chat.css?v=${CHAT_APP_VERSION}`;

export type ChatCompany = {
  accountId: string;
  companyName: string;
  subdomain: string;
  branding: ChatBranding;
};

export type PageContext = {
  company: ChatCompany;
  /** "" on the company's chat host, "/c/{subdomain}" on the app's host. */
  base: string;
  language: ChatLanguage;
  texts: ChatAppTexts;
};

export function pageContext(company: ChatCompany, base: string, language: ChatLanguage): PageContext {
  return { company, base, language, texts: chatTexts(language) };
}

const esc = escapeHtml;
export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** The page's own policy: scripts from here only; framed only by the app itself (the branding preview). */
export function chatPageCsp(): string {
  const app = config().appOrigin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https: ${app}`,
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors 'self' ${app}`,
  ].join("; ");
}

export function brandingStyle(branding: ChatBranding): string {
  const c = (value: string, fallback: string) => (HEX_COLOUR.test(value) ? value : fallback);
  return [
    `--cb-main:${c(branding.mainElementColor, "#1F5199")}`,
    `--cb-button-text:${c(branding.buttonTextColor, "#FFFFFF")}`,
    `--cb-link:${c(branding.linkTextColor, "#1F5199")}`,
    `--cb-brand-bg:${c(branding.brandMessageBackgroundColor, "#F1F2F4")}`,
    `--cb-brand-text:${c(branding.brandMessageTextColor, "#000000")}`,
    `--cb-contact-bg:${c(branding.contactMessageBackgroundColor, "#1F5199")}`,
    `--cb-contact-text:${c(branding.contactMessageTextColor, "#FFFFFF")}`,
  ].join(";");
}

function linksMarkup(ctx: PageContext): string {
  const { branding } = ctx.company;
  const links: [string, string, string][] = [
    ["faq", branding.faqLink, ctx.texts.faq],
    ["support", branding.supportLink, ctx.texts.support],
    ["shop", branding.shopLink, ctx.texts.shop],
  ];
  const items = links
    .map(
      ([key, href, label]) =>
        `<li data-link="${key}"${href ? "" : " hidden"}><a href="${esc(href || "#")}" target="_blank" rel="noopener noreferrer">${esc(label)}</a></li>`,
    )
    .join("");
  return `<nav class="cb-links" aria-label="${esc(ctx.texts.linksLabel)}"><ul>${items}</ul></nav>`;
}

function headerMarkup(ctx: PageContext, signedIn: boolean): string {
  const { branding } = ctx.company;
  const signOut = signedIn
    ? `<form method="post" action="${ctx.base}/sign-out" class="cb-signout"><button type="submit" class="cb-text-button">${esc(ctx.texts.signOut)}</button></form>`
    : "";
  return `<header class="cb-header">
<img class="cb-header-icon" data-brand-image="headerIcon" src="${esc(branding.headerIcon)}" alt="" width="36" height="36">
<h1 class="cb-app-name" data-brand-text="longAppName">${esc(branding.longAppName)}</h1>
${signOut}
</header>
${linksMarkup(ctx)}`;
}

function welcomeMarkup(ctx: PageContext, open: boolean): string {
  const { branding } = ctx.company;
  return `<div class="cb-welcome-backdrop" id="cb-welcome"${open ? "" : " hidden"}>
<div class="cb-welcome" role="dialog" aria-modal="true" aria-labelledby="cb-welcome-title">
<img class="cb-welcome-icon" data-brand-image="homeScreenIcon" src="${esc(branding.homeScreenIcon)}" alt="" width="72" height="72">
<h2 id="cb-welcome-title" data-brand-text="welcomeTitleText">${esc(branding.welcomeTitleText)}</h2>
<p data-brand-text="welcomeBodyText">${esc(branding.welcomeBodyText)}</p>
<button type="button" class="cb-button" data-welcome-close data-brand-text="welcomeButtonText">${esc(branding.welcomeButtonText)}</button>
</div>
</div>`;
}

/** One message as the contact sees it: the company's with its icon, the contact's own on the right. */
export function messageMarkup(
  ctx: PageContext,
  message: Pick<ChatMessageView, "id" | "author" | "body" | "createdAt">,
) {
  const own = message.author === "contact";
  const icon = own
    ? ""
    : `<img class="cb-avatar" data-brand-image="brandMessageIcon" src="${esc(ctx.company.branding.brandMessageIcon)}" alt="" width="28" height="28">`;
  const who = own ? ctx.texts.you : ctx.company.branding.shortAppName;
  return `<li class="cb-message cb-${own ? "contact" : "brand"}" data-id="${esc(message.id)}">${icon}<div class="cb-bubble"><span class="cb-visually-hidden">${esc(who)}: </span><p class="cb-body">${esc(message.body)}</p><time datetime="${esc(message.createdAt)}">${esc(shortTime(message.createdAt))}</time></div></li>`;
}

function shortTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

type DocumentParts = {
  title?: string;
  state: string;
  main: string;
  signedIn?: boolean;
  welcomeOpen?: boolean;
  data?: Record<string, unknown>;
};

export function chatDocument(ctx: PageContext, parts: DocumentParts): string {
  const { branding } = ctx.company;
  const data = {
    base: ctx.base,
    subdomain: ctx.company.subdomain,
    appOrigin: config().appOrigin,
    state: parts.state,
    maxLength: MAX_MESSAGE_LENGTH,
    texts: {
      sending: ctx.texts.sending,
      send: ctx.texts.send,
      sendFailed: ctx.texts.sendFailed,
      tooLong: fill(ctx.texts.messageTooLong, { max: MAX_MESSAGE_LENGTH }),
      empty: ctx.texts.emptyMessage,
      offline: ctx.texts.offline,
      reconnecting: ctx.texts.reconnecting,
      you: ctx.texts.you,
    },
    ...parts.data,
  };
  // JSON inside a non-executed script element: scriptLiteral escapes "<", so no text can close it.
  const json = scriptLiteral(data);
  const title = parts.title ? `${parts.title} · ${branding.pageTitle}` : branding.pageTitle;
  return `<!doctype html>
<html lang="${ctx.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="${esc(HEX_COLOUR.test(branding.mainElementColor) ? branding.mainElementColor : "#1F5199")}">
<title>${esc(title)}</title>
<link rel="icon" data-brand-icon="favicon" href="${esc(branding.favicon)}">
<link rel="apple-touch-icon" data-brand-icon="homeScreenIcon" href="${esc(branding.homeScreenIcon)}">
<link rel="manifest" href="${ctx.base}/manifest.webmanifest">
<link rel="stylesheet" href="${CHAT_STYLE}">
<style id="cb-brand-style">:root{${brandingStyle(branding)}}</style>
<script type="application/json" id="cb-data">${json}</script>
<script src="${CHAT_SCRIPT}" defer></script>
</head>
<body data-state="${esc(parts.state)}">
<div class="cb-app">
${headerMarkup(ctx, parts.signedIn ?? false)}
<main class="cb-main" id="cb-main">
${parts.main}
</main>
</div>
${welcomeMarkup(ctx, parts.welcomeOpen ?? false)}
</body>
</html>`;
}

export function signInPage(ctx: PageContext, options: { email?: string; error?: string } = {}) {
  const { texts } = ctx;
  const company = ctx.company.companyName;
  return chatDocument(ctx, {
    state: "sign-in",
    main: `<section class="cb-card">
<h2>${esc(fill(texts.signInTitle, { company }))}</h2>
<p>${esc(fill(texts.signInBody, { company }))}</p>
<form method="post" action="${ctx.base}/sign-in" class="cb-form">
<label for="cb-email">${esc(texts.emailLabel)}</label>
<input id="cb-email" name="email" type="email" autocomplete="email" inputmode="email" required maxlength="254" value="${esc(options.email ?? "")}"${options.error ? ` aria-invalid="true" aria-describedby="cb-email-error"` : ""}>
${options.error ? `<p class="cb-error" id="cb-email-error" role="alert">${esc(options.error)}</p>` : ""}
<button type="submit" class="cb-button">${esc(texts.sendLink)}</button>
</form>
</section>`,
  });
}

export function checkEmailPage(ctx: PageContext, options: { email: string; error?: string }) {
  const { texts } = ctx;
  const company = ctx.company.companyName;
  return chatDocument(ctx, {
    title: texts.checkEmailTitle,
    state: "check-email",
    main: `<section class="cb-card">
<h2>${esc(texts.checkEmailTitle)}</h2>
<p>${esc(fill(texts.checkEmailBody, { email: options.email, company }))}</p>
<form method="post" action="${ctx.base}/verify" class="cb-form">
<input type="hidden" name="email" value="${esc(options.email)}">
<label for="cb-code">${esc(texts.codeLabel)}</label>
<input id="cb-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required${options.error ? ` aria-invalid="true" aria-describedby="cb-code-error"` : ""}>
${options.error ? `<p class="cb-error" id="cb-code-error" role="alert">${esc(options.error)}</p>` : ""}
<button type="submit" class="cb-button">${esc(texts.verifyCode)}</button>
</form>
<form method="post" action="${ctx.base}/sign-in" class="cb-inline-form">
<input type="hidden" name="email" value="${esc(options.email)}">
<button type="submit" class="cb-text-button">${esc(texts.resend)}</button>
</form>
<p><a href="${ctx.base}/">${esc(texts.otherEmail)}</a></p>
</section>`,
  });
}

export function messagePage(
  ctx: PageContext,
  options: { title: string; body: string; link?: [string, string] },
) {
  const link = options.link
    ? `<p><a class="cb-button cb-link-button" href="${esc(options.link[0])}">${esc(options.link[1])}</a></p>`
    : "";
  return chatDocument(ctx, {
    title: options.title,
    state: "message",
    main: `<section class="cb-card"><h2>${esc(options.title)}</h2><p>${esc(options.body)}</p>${link}</section>`,
  });
}

export function magicLinkPage(ctx: PageContext, token: string) {
  const { texts } = ctx;
  const app = ctx.company.branding.longAppName;
  return chatDocument(ctx, {
    title: fill(texts.magicTitle, { app }),
    state: "magic",
    main: `<section class="cb-card">
<h2>${esc(fill(texts.magicTitle, { app }))}</h2>
<p>${esc(fill(texts.magicBody, { company: ctx.company.companyName }))}</p>
<form method="post" action="${ctx.base}/magic" class="cb-form">
<input type="hidden" name="token" value="${esc(token)}">
<button type="submit" class="cb-button">${esc(texts.magicButton)}</button>
</form>
</section>`,
  });
}

export function magicInvalidPage(ctx: PageContext, error?: string) {
  return messagePage(ctx, {
    title: ctx.texts.magicInvalid,
    body: error ?? "",
    link: [`${ctx.base}/`, ctx.texts.askNewLink],
  });
}

function threadMarkup(ctx: PageContext, messages: ChatMessageView[]): string {
  const company = ctx.company.companyName;
  const items = messages.map((m) => messageMarkup(ctx, m)).join("");
  return `<ol class="cb-thread" id="cb-thread" aria-label="${esc(fill(ctx.texts.threadLabel, { company }))}" aria-live="polite">${items}</ol>
<p class="cb-empty" id="cb-empty"${messages.length ? " hidden" : ""}>${esc(fill(ctx.texts.emptyThread, { company }))}</p>`;
}

function composerMarkup(
  ctx: PageContext,
  options: { disabled?: boolean; error?: string; clientKey: string },
) {
  const disabled = options.disabled ? " disabled" : "";
  return `<form method="post" action="${ctx.base}/messages" class="cb-composer" id="cb-composer">
<input type="hidden" name="clientKey" value="${esc(options.clientKey)}">
<label for="cb-message" class="cb-visually-hidden">${esc(ctx.texts.messageLabel)}</label>
<textarea id="cb-message" name="body" rows="1" maxlength="${MAX_MESSAGE_LENGTH}" required placeholder="${esc(ctx.texts.messagePlaceholder)}"${disabled}></textarea>
<button type="submit" class="cb-button"${disabled}>${esc(ctx.texts.send)}</button>
<p class="cb-error" id="cb-composer-error" role="alert"${options.error ? "" : " hidden"}>${esc(options.error ?? "")}</p>
</form>`;
}

export function chatPage(
  ctx: PageContext,
  options: { name: string; messages: ChatMessageView[]; clientKey: string; error?: string },
) {
  const lastId = options.messages.at(-1)?.id ?? null;
  return chatDocument(ctx, {
    state: "chat",
    signedIn: true,
    data: { lastId },
    main: `<p class="cb-status" id="cb-status" role="status" hidden></p>
<p class="cb-signed-in">${esc(fill(ctx.texts.signedInAs, { name: options.name }))}</p>
${threadMarkup(ctx, options.messages)}
${composerMarkup(ctx, { clientKey: options.clientKey, error: options.error })}
${templatesMarkup(ctx)}`,
  });
}

/** Message markup the script clones for live messages (the same as the server's). */
function templatesMarkup(ctx: PageContext): string {
  const sample = { id: "", body: "", createdAt: new Date(0).toISOString() };
  return `<template id="cb-message-brand">${messageMarkup(ctx, { ...sample, author: "staff" })}</template>
<template id="cb-message-contact">${messageMarkup(ctx, { ...sample, author: "contact" })}</template>`;
}

/** ?preview=1: the branding editor's frame. A sample conversation, no contact, nothing saved. */
export function previewPage(ctx: PageContext) {
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  const messages: ChatMessageView[] = [
    { id: "sample-1", author: "contact", body: ctx.texts.sampleContact, createdAt: minutesAgo(12) },
    { id: "sample-2", author: "staff", body: ctx.texts.sampleBrand, createdAt: minutesAgo(9) },
    { id: "sample-3", author: "contact", body: ctx.texts.sampleContactThanks, createdAt: minutesAgo(8) },
  ];
  return chatDocument(ctx, {
    state: "preview",
    welcomeOpen: true,
    main: `<p class="cb-preview-notice">${esc(ctx.texts.previewNotice)}</p>
${threadMarkup(ctx, messages)}
${composerMarkup(ctx, { disabled: true, clientKey: "preview-sample" })}`,
  });
}

export function unsubscribePage(
  ctx: PageContext,
  options: { state: "confirm" | "done" | "invalid"; conversationId?: string; token?: string },
) {
  const { texts } = ctx;
  const company = ctx.company.companyName;
  if (options.state !== "confirm")
    return messagePage(ctx, {
      title: texts.unsubscribeTitle,
      body: options.state === "done" ? fill(texts.unsubscribed, { company }) : texts.unsubscribeInvalid,
      link: [`${ctx.base}/`, texts.backToChat],
    });
  return chatDocument(ctx, {
    title: texts.unsubscribeTitle,
    state: "unsubscribe",
    main: `<section class="cb-card">
<h2>${esc(texts.unsubscribeTitle)}</h2>
<p>${esc(fill(texts.unsubscribeBody, { company }))}</p>
<form method="post" action="${ctx.base}/unsubscribe" class="cb-form">
<input type="hidden" name="c" value="${esc(options.conversationId ?? "")}">
<input type="hidden" name="t" value="${esc(options.token ?? "")}">
<button type="submit" class="cb-button">${esc(texts.unsubscribeButton)}</button>
</form>
</section>`,
  });
}

export function offlinePage(ctx: PageContext) {
  return chatDocument(ctx, {
    title: ctx.texts.offlineTitle,
    state: "offline",
    main: `<section class="cb-card"><h2>${esc(ctx.texts.offlineTitle)}</h2><p>${esc(ctx.texts.offlineBody)}</p><p><a class="cb-button cb-link-button" href="${ctx.base}/">${esc(ctx.texts.retry)}</a></p></section>`,
  });
}

/** No company at this subdomain: a plain page, with nothing of any company. */
export function notFoundDocument(language: ChatLanguage): string {
  const texts = chatTexts(language);
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(texts.notFoundTitle)}</title><link rel="stylesheet" href="${CHAT_STYLE}"></head><body><main class="cb-main"><section class="cb-card"><h1>${esc(texts.notFoundTitle)}</h1><p>${esc(texts.notFoundBody)}</p></section></main></body></html>`;
}
