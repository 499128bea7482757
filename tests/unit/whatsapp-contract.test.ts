import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { config, resetConfigForTests } from "~/config.server";
import { sendWhatsAppText } from "~/services/messaging/meta.server";
import {
  businessAccountNumber,
  messageTemplates,
  sendWhatsAppTemplate,
} from "~/services/messaging/meta-business.server";
import { loadContract, operationPointer } from "../contracts/openapi-validate";
import { type MetaStandIn, metaErrors, startMetaStandIn } from "../support/stand-ins/meta";
import type { RecordedRequest } from "../support/stand-ins/provider-stand-in";

/**
 * Our WhatsApp Cloud API calls and the Meta stand-in's answers, held against Meta's published OpenAPI
 * for the business messaging API, v23.0 (an extract of facebook/openapi's
 * business-messaging-api_v23.0.yaml: tests/contracts/meta). We send text and template messages (no
 * media messages), list the business account's phone numbers ('Verify & Continue') and its message
 * templates (template sync), following Graph's cursor paging.
 */

const contract = loadContract(
  new URL("../contracts/meta/business-messaging-api_v23.0.extract.json", import.meta.url),
);
const SEND = operationPointer("/{Version}/{Phone-Number-ID}/messages", "post");
const NUMBERS = operationPointer("/{Version}/{WABA-ID}/phone_numbers", "get");
const TEMPLATES = operationPointer("/{Version}/{WABA-ID}/message_templates", "get");
const NUMBER = operationPointer("/{Version}/{Phone-Number-ID}", "get");
const json = (pointer: string, status: number) =>
  `${pointer}/responses/${status}/content/application~1json/schema`;
const GRAPH_ERROR = "#/components/schemas/GraphAPIError";

/**
 * Graph's field selection and cursor paging: the spec declares them as query parameters of the phone
 * numbers list but leaves them out of the template list's (which declares only `name`), though Graph
 * takes them on every edge. A query parameter outside the operation's own and these fails the test.
 */
const GRAPH_QUERY = ["fields", "limit", "after", "before"];

const PHONE_NUMBER_ID = "106540352242922";
const WABA_ID = "102290129340398";
const TOKEN = "contract-graph-token";
let meta: MetaStandIn;
let savedGraphUrl: string | undefined;
beforeAll(async () => {
  meta = await startMetaStandIn(PHONE_NUMBER_ID, TOKEN, {
    businessAccountId: WABA_ID,
    templates: [
      { name: "welcome", language: "en_US", status: "APPROVED", body: "Hi {{1}}, welcome to {{2}}" },
      { name: "order_follow_up", language: "fr", status: "APPROVED", body: "Merci {{1}}" },
      { name: "draft", language: "en_US", status: "PENDING", body: "Soon" },
    ],
  });
  // Three numbers in the account: the stand-in pages two at a time, so the list has a next page.
  meta.addNumber({ phoneNumberId: "106540352242923", accessToken: TOKEN, businessAccountId: WABA_ID });
  meta.addNumber({ phoneNumberId: "106540352242924", accessToken: TOKEN, businessAccountId: WABA_ID });
  savedGraphUrl = process.env.META_GRAPH_URL;
  process.env.META_GRAPH_URL = meta.url;
  resetConfigForTests();
});
afterAll(async () => {
  if (savedGraphUrl === undefined) delete process.env.META_GRAPH_URL;
  else process.env.META_GRAPH_URL = savedGraphUrl;
  resetConfigForTests();
  await meta.close();
});

const settings = () => ({ phoneNumberId: PHONE_NUMBER_ID, accessToken: TOKEN, graphUrl: meta.url });

/** The operation a stand-in request is for, by method and path (the stand-in has no version segment). */
function operationOf(request: RecordedRequest): string {
  const segments = new URL(request.path, "http://graph.local").pathname.split("/").filter(Boolean);
  if (request.method === "POST" && segments[1] === "messages") return SEND;
  if (request.method === "GET" && segments[1] === "phone_numbers") return NUMBERS;
  if (request.method === "GET" && segments[1] === "message_templates") return TEMPLATES;
  if (request.method === "GET" && segments.length === 1) return NUMBER;
  throw new Error(`no operation of Meta's spec for ${request.method} ${request.path}`);
}

type Parameter = { name?: string; in?: string };
function queryErrors(request: RecordedRequest, operation: string): string[] {
  const declared = (
    (contract.document.paths as Record<string, Record<string, { parameters?: Parameter[] }>>)[
      decodeURIComponent(operation.split("/")[2].replace(/~1/g, "/"))
    ][operation.split("/")[3]].parameters ?? []
  )
    .filter((p) => p.in === "query")
    .map((p) => p.name);
  const given = [...new URL(request.path, "http://graph.local").searchParams.keys()];
  return given
    .filter((name) => !declared.includes(name) && !GRAPH_QUERY.includes(name))
    .map((name) => `query parameter ${name} is not in the spec`);
}

/** The stand-in's answer to one request, checked against the operation's schema for its status. */
function answerErrors(request: RecordedRequest, operation: string): string[] {
  const answer = request.answer;
  if (!answer) return ["no answer recorded"];
  if (answer.status >= 400) return contract.errors(GRAPH_ERROR, answer.body);
  const url = new URL(request.path, "http://graph.local");
  const fields = url.searchParams.get("fields")?.split(",");
  if (operation === TEMPLATES) {
    // The operation's inline schema gives paging only `cursors`; Graph's paging (the spec's own
    // CursorPaging, which the phone numbers list uses) also has next/previous, which the app follows.
    const { paging, ...page } = answer.body as { paging?: unknown };
    return [
      ...contract.errors(json(TEMPLATES, 200), page),
      ...(paging === undefined ? [] : contract.errors("#/components/schemas/CursorPaging", paging)),
    ];
  }
  if (operation === NUMBERS) {
    // With ?fields=, Graph answers those fields (and id) only: the others are not missing.
    const item = contract.document.components?.schemas?.WhatsAppBusinessAccountPhoneNumber as {
      properties: Record<string, unknown>;
    };
    const notAsked = fields
      ? Object.keys(item.properties).filter((f) => f !== "id" && !fields.includes(f))
      : [];
    return contract.errors(json(NUMBERS, 200), answer.body, { notRequired: notAsked });
  }
  return contract.errors(json(operation, 200), answer.body);
}

describe("Meta's published OpenAPI, business messaging v23.0", () => {
  test("the extract names its source and version", () => {
    expect(contract.document).toMatchObject({
      "x-extract": {
        repository: "https://github.com/facebook/openapi",
        path: "business-messaging-api_v23.0.yaml",
        commit: expect.stringMatching(/^[0-9a-f]{40}$/),
      },
      info: { version: "v23.0" },
    });
  });

  test("the Graph API version we call by default is the spec's", () => {
    const saved = process.env.META_GRAPH_URL;
    delete process.env.META_GRAPH_URL;
    resetConfigForTests();
    try {
      expect(new URL(config().META_GRAPH_URL).pathname).toBe("/v23.0");
    } finally {
      process.env.META_GRAPH_URL = saved;
      resetConfigForTests();
    }
  });

  test("the text and template messages we send are Messages of the spec, and the stand-in's answers validate", async () => {
    meta.reset();
    await sendWhatsAppText(settings(), "+15550001234", "Your order shipped: https://example.com/t/1");
    await sendWhatsAppTemplate(settings(), "+15550001234", {
      name: "welcome",
      language: "en_US",
      parameters: ["Ada", "Acme"],
    });
    await sendWhatsAppTemplate(settings(), "+15550001234", {
      name: "order_follow_up",
      language: "fr",
      parameters: ["Ada"],
    });
    expect(meta.requests).toHaveLength(3);
    for (const request of meta.requests) {
      expect(operationOf(request)).toBe(SEND);
      const body = JSON.parse(request.body);
      expect(contract.errors(`${SEND}/requestBody/content/application~1json/schema`, body)).toEqual([]);
      expect(answerErrors(request, SEND)).toEqual([]);
    }
  });

  test("the phone number check and the template sync ask only what the spec has, page after page; the answers validate", async () => {
    meta.reset();
    expect(await businessAccountNumber(WABA_ID, "106540352242924", TOKEN)).toMatchObject({
      status: "listed",
    });
    expect((await messageTemplates(WABA_ID, TOKEN)).map((t) => t.name)).toEqual([
      "welcome",
      "order_follow_up",
      "draft",
    ]);
    const operations = meta.requests.map(operationOf);
    expect(operations).toEqual([NUMBERS, NUMBERS, TEMPLATES, TEMPLATES]);
    for (const request of meta.requests) {
      const operation = operationOf(request);
      expect(queryErrors(request, operation)).toEqual([]);
      // The fields asked for are fields of the answer's items.
      const fields = new URL(request.path, "http://graph.local").searchParams.get("fields")?.split(",") ?? [];
      const item =
        operation === NUMBERS
          ? (contract.document.components?.schemas?.WhatsAppBusinessAccountPhoneNumber as {
              properties: object;
            })
          : (
              (contract.document.paths as Record<string, Record<string, unknown>>)[
                "/{Version}/{WABA-ID}/message_templates"
              ].get as {
                responses: {
                  200: {
                    content: {
                      "application/json": {
                        schema: { properties: { data: { items: { properties: object } } } };
                      };
                    };
                  };
                };
              }
            ).responses[200].content["application/json"].schema.properties.data.items;
      for (const field of fields) expect(Object.keys(item.properties)).toContain(field);
      expect(answerErrors(request, operation)).toEqual([]);
    }
    // Both lists had a second page, reached by paging.next.
    expect(meta.requests.filter((r) => r.path.includes("after="))).toHaveLength(2);
  });

  test("the stand-in's other answers validate: a phone number's details, and Graph's errors", async () => {
    meta.reset();
    const ask = (path: string, token = TOKEN) =>
      fetch(`${meta.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    await ask(`/${PHONE_NUMBER_ID}?fields=id,display_phone_number,verified_name`);
    await ask(`/${WABA_ID}/phone_numbers`);
    await ask(`/${WABA_ID}/phone_numbers`, "unknown-token");
    await ask(`/999/message_templates`);
    meta.failNext(metaErrors.rateLimited, metaErrors.unavailable, metaErrors.invalidRecipient);
    for (let i = 0; i < 3; i++) await sendWhatsAppText(settings(), "+15550001234", "Hi").catch(() => null);
    expect(meta.requests.map((r) => r.answer?.status)).toEqual([200, 200, 401, 400, 400, 503, 400]);
    for (const request of meta.requests) expect(answerErrors(request, operationOf(request))).toEqual([]);
  });

  test("the contract check fails on a body or an answer Meta's spec does not allow", () => {
    const text = {
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "15550001234",
      type: "text",
    };
    const body = `${SEND}/requestBody/content/application~1json/schema`;
    expect(contract.errors(body, { ...text, text: { body: "Hi" } })).toEqual([]);
    expect(contract.errors(body, { ...text, text: { body: "Hi" }, priority: "high" })).not.toEqual([]);
    expect(contract.errors(body, { ...text, text: { body: "Hi", preview: true } })).not.toEqual([]);
    const template = {
      ...text,
      type: "template",
      template: { name: "welcome", language: { code: "en_US" } },
    };
    expect(contract.errors(body, template)).not.toEqual([]);
    const number = { id: "1", display_phone_number: "+1 555-0100", status: "CONNECTED" };
    expect(contract.errors(json(NUMBERS, 200), { data: [number] })).not.toEqual([]);
    expect(
      contract.errors(json(NUMBERS, 200), { data: [{ ...number, status: "LINKED", throughput: {} }] }),
    ).not.toEqual([]);
  });
});
