import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { loginSchema, setNewPasswordSchema, signupSchema } from "./schemas";

function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], values: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  const submission = parseWithZod(form, { schema });
  return (submission.status === "success" ? {} : submission.reply().error) ?? {};
}

describe("sign-up validation (spec 1 section 5)", () => {
  const valid = {
    givenName: "Ada",
    familyName: "Lovelace-King",
    email: "ada+x@example.io",
    password: "x",
    terms: "on",
  };

  it("accepts a valid form", () => {
    expect(errorsOf(signupSchema, valid)).toEqual({});
  });

  it("names every missing field with the spec's message", () => {
    expect(errorsOf(signupSchema, {})).toEqual({
      givenName: ["validation.firstNameRequired"],
      familyName: ["validation.lastNameRequired"],
      email: ["validation.emailRequired"],
      password: ["validation.passwordRequired"],
      terms: ["validation.termsRequired"],
    });
  });

  it("refuses symbols, digits and whitespace in names, and one-letter names", () => {
    expect(errorsOf(signupSchema, { ...valid, givenName: "Ad4" }).givenName).toEqual([
      "validation.nameCharacters",
    ]);
    expect(errorsOf(signupSchema, { ...valid, givenName: "Mary Ann" }).givenName).toEqual([
      "validation.nameCharacters",
    ]);
    expect(errorsOf(signupSchema, { ...valid, givenName: "-Ada" }).givenName).toEqual([
      "validation.nameCharacters",
    ]);
    expect(errorsOf(signupSchema, { ...valid, familyName: "-Smith" })).toEqual({});
    expect(errorsOf(signupSchema, { ...valid, givenName: "A" }).givenName).toEqual([
      "validation.nameTooShort",
    ]);
  });

  it.each(["plain", "a@b", "a@b.c", "a@b.comma", "a b@c.io", "a!@b.io"])("refuses the email %s", (email) => {
    expect(errorsOf(loginSchema, { email, password: "x" }).email).toEqual(["validation.emailInvalid"]);
  });

  it.each(["a.b_c-d+e@sub.example.co", "X@Y.ORG"])("accepts the email %s", (email) => {
    expect(errorsOf(loginSchema, { email, password: "x" })).toEqual({});
  });
});

describe("set new password", () => {
  it("requires both fields and equal values", () => {
    expect(errorsOf(setNewPasswordSchema, {})).toEqual({
      password: ["validation.newPasswordRequired"],
      confirmPassword: ["validation.confirmPasswordRequired"],
    });
    expect(errorsOf(setNewPasswordSchema, { password: "abcdefgh", confirmPassword: "abcdefgx" })).toEqual({
      confirmPassword: ["validation.passwordsDiffer"],
    });
  });
});
