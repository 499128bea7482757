import { z } from "zod";
import { COMPANY_NAME_PATTERN, COMPANY_URL_PATTERN, countryField } from "~/domain/accounts/schemas";

// Spec 2 section 5. Messages are i18n keys; the English texts are word for word.
const notEmpty = (message = "validation.fieldCanNotBeEmpty") =>
  z.string({ error: message }).trim().min(1, message);

export const myDetailsSchema = z.object({
  intent: z.literal("details"),
  givenName: notEmpty("validation.firstNameRequiredLower"),
  familyName: notEmpty("validation.lastNameRequiredLower"),
});

export const changePasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: z
      .string({ error: "validation.fieldCanNotBeEmpty" })
      .min(1, "validation.fieldCanNotBeEmpty"),
    newPassword: z.string({ error: "validation.fieldCanNotBeEmpty" }).min(1, "validation.fieldCanNotBeEmpty"),
    confirmPassword: z
      .string({ error: "validation.fieldCanNotBeEmpty" })
      .min(1, "validation.fieldCanNotBeEmpty"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.newPasswordsMustMatch",
  });

export const inviteSchema = z.object({ intent: z.literal("invite"), emails: notEmpty() });

export const companyEditSchema = z.object({
  intent: z.literal("company"),
  company: notEmpty("validation.companyNameRequired").regex(
    COMPANY_NAME_PATTERN,
    "validation.companyNameInvalid",
  ),
  url: notEmpty("validation.companyUrlRequired").regex(COMPANY_URL_PATTERN, "validation.urlInvalid"),
  // Optional: a post without it (an older form) leaves the country as it is.
  country: countryField.optional(),
});

export const SUPPORT_PHONE_MAX_LENGTH = 10;
export const supportSchema = z.object({
  phone: z
    .string({ error: "validation.supportPhoneRequired" })
    .trim()
    .min(1, "validation.supportPhoneRequired")
    .regex(/^\d{10}$/, "validation.supportPhoneInvalid"),
  message: notEmpty("validation.supportMessageRequired"),
});

/** IANA zones the runtime knows (Node and every current browser list them). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const SMS_HELP_TEXT_MAX = 320;

export const messagingSettingsSchema = z.object({
  intent: z.literal("messaging"),
  timeZone: notEmpty().refine(isTimeZone, "messagingSettings.timeZoneInvalid"),
  // Empty: the default answer naming the company.
  smsHelpText: z
    .string()
    .trim()
    .max(SMS_HELP_TEXT_MAX, "messagingSettings.helpTextTooLong")
    .optional()
    .transform((v) => v || null),
});
