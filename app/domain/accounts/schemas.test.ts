import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { subdomainPatterns } from "#db/seed";
import {
  createCompanySchema,
  failingPatternMessages,
  requestAccessSchema,
  type SubdomainPatterns,
} from "./schemas";

const seeded: SubdomainPatterns = {
  subDomain: subdomainPatterns.filter((p) => p.key.startsWith("subDomain")).map((p) => p.value),
  alias: subdomainPatterns.filter((p) => p.key.startsWith("alias")).map((p) => p.value),
};

function errorsOf(values: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  const submission = parseWithZod(form, { schema: createCompanySchema(seeded) });
  return (submission.status === "success" ? {} : submission.reply().error) ?? {};
}

const valid = {
  intent: "create",
  company: "Acme & Sons Inc.",
  url: "www.acme.com",
  linkShortenerSubdomain: "acme",
  chatstreamSubdomain: "acme-chat",
  country: "US",
};

describe("new company in setup", () => {
  it("accepts a valid company", () => expect(errorsOf(valid)).toEqual({}));

  it("gives the required messages", () => {
    expect(errorsOf({ intent: "create" })).toEqual({
      company: ["validation.companyNameRequired"],
      url: ["validation.companyUrlRequired"],
      linkShortenerSubdomain: ["validation.linkShortenerRequired"],
      chatstreamSubdomain: ["validation.chatstreamRequired"],
      country: ["firstRun.validation.countryRequired"],
    });
  });

  it("refuses an apostrophe or a leading symbol in the name", () => {
    expect(errorsOf({ ...valid, company: "Joe's" }).company).toEqual(["validation.companyNameInvalid"]);
    expect(errorsOf({ ...valid, company: "&Co" }).company).toEqual(["validation.companyNameInvalid"]);
  });

  it.each(["acme", "http://", "acme.c", "acme.technology"])("refuses the URL %s", (url) => {
    expect(errorsOf({ ...valid, url }).url).toEqual(["validation.urlInvalid"]);
  });

  it.each(["acme.io", "https://www.acme.com/shop?x=1", "shop.acme.co"])("accepts the URL %s", (url) => {
    expect(errorsOf({ ...valid, url })).toEqual({});
  });

  it("lists every failing configured pattern under the subdomain field", () => {
    expect(errorsOf({ ...valid, linkShortenerSubdomain: "-A" }).linkShortenerSubdomain).toEqual([
      "Only lowercase letters, digits and hyphens are allowed",
      "Must be between 3 and 63 characters long",
      "Cannot start or end with a hyphen",
    ]);
  });

  it("ignores a broken pattern instead of failing every value", () => {
    expect(failingPatternMessages("abc", [{ regex: "([", errorMessage: "broken" }])).toEqual([]);
  });
});

describe("request access", () => {
  it("wants a uuid account id", () => {
    const check = (accountId?: string) => {
      const form = new FormData();
      form.set("intent", "request");
      if (accountId !== undefined) form.set("accountId", accountId);
      const s = parseWithZod(form, { schema: requestAccessSchema });
      return (s.status === "success" ? {} : s.reply().error) ?? {};
    };
    expect(check()).toEqual({ accountId: ["validation.accountIdRequired"] });
    expect(check("not-an-id")).toEqual({ accountId: ["validation.accountIdInvalid"] });
    expect(check("0f4c8b9e-2d3a-4c5b-8e6f-7a8b9c0d1e2f")).toEqual({});
  });
});
