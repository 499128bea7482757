import { config } from "~/config.server";

export type EmailContent = {
  heading: string;
  paragraphs: string[];
  code?: string;
  action?: { label: string; url: string };
  footer: string;
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One simple, readable layout for every email, in HTML and plain text. */
export function renderEmail(content: EmailContent): { html: string; text: string } {
  const product = config().PRODUCT_NAME;
  const text = [
    content.heading,
    "",
    ...content.paragraphs.slice(0, 1).flatMap((p) => [p, ""]),
    ...(content.code ? [content.code, ""] : []),
    ...content.paragraphs.slice(1).flatMap((p) => [p, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    "--",
    content.footer,
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#202223">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;color:#1f5199;padding-bottom:16px">${escapeHtml(product)}</td></tr>
<tr><td style="font-size:18px;font-weight:bold;padding-bottom:12px">${escapeHtml(content.heading)}</td></tr>
${paragraphRows(content.paragraphs.slice(0, 1))}
${content.code ? `<tr><td style="font-size:32px;letter-spacing:8px;font-weight:bold;padding:12px 0 20px">${escapeHtml(content.code)}</td></tr>` : ""}
${paragraphRows(content.paragraphs.slice(1))}
${content.action ? `<tr><td style="padding:8px 0 20px"><a href="${escapeHtml(content.action.url)}" style="background:#1f5199;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-size:14px">${escapeHtml(content.action.label)}</a></td></tr>` : ""}
<tr><td style="font-size:12px;color:#6d7175;border-top:1px solid #e1e3e5;padding-top:12px">${escapeHtml(content.footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { html, text };
}

function paragraphRows(paragraphs: string[]) {
  return paragraphs
    .map(
      (p) => `<tr><td style="font-size:14px;line-height:20px;padding-bottom:12px">${escapeHtml(p)}</td></tr>`,
    )
    .join("");
}

export function appLink(pathAndQuery: string) {
  return new URL(pathAndQuery, config().APP_URL).toString();
}
