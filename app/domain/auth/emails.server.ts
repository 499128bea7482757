import { fixedT } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/resources";
import { appLink, renderEmail } from "~/services/mail/layout.server";
import { sendMail } from "~/services/mail/mail.server";
import { codeLifetimeHours } from "./codes.server";

type Recipient = { email: string; givenName: string };

function codeLink(path: string, email: string, code: string) {
  return appLink(`${path}?${new URLSearchParams({ confirmationcode: code, email })}`);
}

export async function sendConfirmationEmail(user: Recipient, code: string, language: Language) {
  const t = await fixedT(language);
  const { html, text } = renderEmail({
    heading: t("emails.confirmHeading"),
    paragraphs: [
      t("emails.confirmIntro", { name: user.givenName }),
      t("emails.confirmExpiry", { hours: codeLifetimeHours("confirm_sign_up") }),
    ],
    code,
    action: { label: t("emails.confirmAction"), url: codeLink("/confirm_sign_up", user.email, code) },
    footer: t("emails.footer"),
  });
  await sendMail({ to: user.email, subject: t("emails.confirmSubject"), html, text });
}

export async function sendResetEmail(user: Recipient, code: string, language: Language) {
  const t = await fixedT(language);
  const { html, text } = renderEmail({
    heading: t("emails.resetHeading"),
    paragraphs: [
      t("emails.resetIntro", { name: user.givenName }),
      t("emails.resetExpiry", { hours: codeLifetimeHours("reset_password") }),
    ],
    code,
    action: { label: t("emails.resetAction"), url: codeLink("/reset-password", user.email, code) },
    footer: t("emails.footer"),
  });
  await sendMail({ to: user.email, subject: t("emails.resetSubject"), html, text });
}
