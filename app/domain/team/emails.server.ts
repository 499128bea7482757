import { config } from "~/config.server";
import { fixedT } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/resources";
import { appLink, renderEmail } from "~/services/mail/layout.server";
import { sendMail } from "~/services/mail/mail.server";

export async function sendInvitationEmail(input: {
  to: string;
  inviteId: string;
  inviterName: string;
  company: string;
  expiresAt: Date;
  language: Language;
}) {
  const t = await fixedT(input.language);
  const { html, text } = renderEmail({
    heading: t("emails.inviteHeading", { company: input.company }),
    paragraphs: [
      t("emails.inviteIntro", { inviter: input.inviterName, company: input.company }),
      t("emails.inviteExpiry", {
        date: input.expiresAt.toLocaleDateString(input.language, { dateStyle: "long", timeZone: "UTC" }),
      }),
    ],
    action: {
      label: t("emails.inviteAction"),
      url: appLink(`/?${new URLSearchParams({ requestid: input.inviteId })}`),
    },
    footer: t("emails.footer"),
  });
  await sendMail({
    to: input.to,
    subject: t("emails.inviteSubject", { inviter: input.inviterName, company: input.company }),
    html,
    text,
  });
}

export async function sendRequestDecisionEmail(input: {
  to: string;
  company: string;
  approved: boolean;
  language: Language;
}) {
  const t = await fixedT(input.language);
  const key = input.approved ? "requestApproved" : "requestDenied";
  const { html, text } = renderEmail({
    heading: t(`emails.${key}Heading`, { company: input.company }),
    paragraphs: [t(`emails.${key}Body`, { company: input.company })],
    action: input.approved ? { label: t("emails.openApp"), url: appLink("/") } : undefined,
    footer: t("emails.footer"),
  });
  await sendMail({
    to: input.to,
    subject: t(`emails.${key}Subject`, { company: input.company }),
    html,
    text,
  });
}

export async function sendSupportEmail(input: {
  name: string;
  email: string;
  phone: string;
  company: string | null;
  message: string;
}) {
  const { html, text } = renderEmail({
    heading: `Support request from ${input.name}`,
    paragraphs: [
      `From: ${input.name} <${input.email}>`,
      `Phone: ${input.phone}`,
      `Company: ${input.company ?? "-"}`,
      input.message,
    ],
    footer: `${config().PRODUCT_NAME} support form`,
  });
  await sendMail({
    to: config().SUPPORT_EMAIL,
    replyTo: input.email,
    subject: `Support: ${input.name}`,
    html,
    text,
  });
}
