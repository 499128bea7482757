import { z } from "zod";

// Validation of spec 1 section 5. Messages are i18n keys; the English texts are word for word.
export const EMAIL_PATTERN = /^[a-zA-Z0-9+._-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,4}$/;

export const emailField = z
  .string({ error: "validation.emailRequired" })
  .trim()
  .min(1, "validation.emailRequired")
  .regex(EMAIL_PATTERN, "validation.emailInvalid");

const passwordField = z
  .string({ error: "validation.passwordRequired" })
  .min(1, "validation.passwordRequired");

function nameField(required: string, pattern: RegExp) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(pattern, "validation.nameCharacters")
    .refine((v) => v.length > 1, "validation.nameTooShort");
}

export const loginSchema = z.object({ email: emailField, password: passwordField });

export const signupSchema = z.object({
  givenName: nameField("validation.firstNameRequired", /^\p{L}+$/u),
  familyName: nameField("validation.lastNameRequired", /^[\p{L}-]+$/u),
  email: emailField,
  password: passwordField,
  terms: z.literal("on", { error: "validation.termsRequired" }),
});

const codeField = z.string({ error: "validation.codeRequired" }).trim().min(1, "validation.codeRequired");

export const confirmSignUpSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm"), email: emailField, code: codeField }),
  z.object({ intent: z.literal("resend"), email: emailField }),
]);

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reset"), email: emailField, code: codeField, password: passwordField }),
  z.object({ intent: z.literal("resend"), email: emailField }),
]);

export const setNewPasswordSchema = z
  .object({
    password: z.string({ error: "validation.newPasswordRequired" }).min(1, "validation.newPasswordRequired"),
    confirmPassword: z
      .string({ error: "validation.confirmPasswordRequired" })
      .min(1, "validation.confirmPasswordRequired"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsDiffer",
  });
