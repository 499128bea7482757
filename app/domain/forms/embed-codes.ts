/**
 * What the publish popover offers (spec 3 §2.2): the share link, the iframe embed code and the
 * pop-up script tag, for a form of this site. `origin` is the app's public origin (APP_URL), e.g.
 * "https://app.example.com". The QR code encodes shareLink.
 */
export type EmbedCodes = { shareLink: string; iframeCode: string; scriptCode: string };

export const POPUP_SCRIPT_PATH = "/forms/popup.js";

export function shareLink(origin: string, formId: string): string {
  return `${trimOrigin(origin)}/contact-form-builder/m/${encodeURIComponent(formId)}`;
}

export function embedCodes(origin: string, formId: string): EmbedCodes {
  const link = shareLink(origin, formId);
  const id = escapeAttribute(formId);
  return {
    shareLink: link,
    iframeCode: `<iframe src="${escapeAttribute(link)}" title="Sign-up form" style="width:100%;min-height:720px;border:0" loading="lazy"></iframe>`,
    scriptCode: `<script src="${escapeAttribute(trimOrigin(origin) + POPUP_SCRIPT_PATH)}" data-form-id="${id}" async></script>`,
  };
}

function trimOrigin(origin: string) {
  return origin.replace(/\/+$/, "");
}

function escapeAttribute(value: string) {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
