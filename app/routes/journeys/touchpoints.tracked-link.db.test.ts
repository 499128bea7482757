import { beforeEach, expect, test, vi } from "vitest";
import { touchpoints } from "#db/schema";
import { createProduct } from "~/domain/products/products.server";
import { signedInRequest } from "../../../tests/support/factories";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { action } from "./touchpoints";

// The drawer's answers when the tracked link cannot be created (the link service is a stand-in that
// fails here): the spec's message, nothing saved, and what was typed handed back to the form.
const links = vi.hoisted(() => ({
  create: vi.fn(async (): Promise<{ code: string }> => ({ code: "Code2345" })),
}));
vi.mock("~/domain/messaging/tracked-links.server", () => ({ createTouchpointLink: links.create }));

beforeEach(() => {
  links.create.mockReset();
  links.create.mockRejectedValue(new Error("link service down"));
});

type Answer = {
  data: { intent: string; done: boolean; toast: { message: string; error?: boolean }; result: unknown };
  init: ResponseInit | null;
};

async function post(userId: string, fields: Record<string, string>) {
  const request = await signedInRequest(userId, "http://localhost:3000/touchpoints", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
  });
  return (await action({ request, params: {}, context: {} } as never)) as unknown as Answer;
}

describeEachDatabase("touchpoint drawer answers", (getDb) => {
  test("a link that cannot be created: 'Failed to create trackable link.', nothing saved, input kept", async () => {
    const a = await companyWithAdmin();
    const product = await createProduct(a.context, "Solar Panels");
    if (!product.ok) throw new Error(product.reason);
    const journeyId = (await getDb().query.journeys.findFirst())?.id ?? "";
    const fields = {
      intent: "create",
      journeyId,
      name: "Welcome",
      waitAmount: "2",
      waitUnit: "hours",
      channel: "sms",
      message: "See {{LINK}}",
      linkTarget: "https://example.com/welcome",
    };
    const answer = await post(a.admin.id, fields);
    expect(answer.init?.status).toBe(502);
    expect(answer.data).toMatchObject({
      intent: "create",
      done: false,
      toast: { message: "journeys.toasts.linkFailed", error: true },
      result: {
        initialValue: { name: "Welcome", message: "See {{LINK}}", linkTarget: "https://example.com/welcome" },
      },
    });
    expect(await getDb().select().from(touchpoints)).toEqual([]);

    links.create.mockResolvedValue({ code: "Code2345" });
    const saved = await post(a.admin.id, fields);
    expect(saved).toMatchObject({
      intent: "create",
      done: true,
      toast: { message: "journeys.toasts.created" },
    });
    expect(await getDb().select().from(touchpoints)).toMatchObject([
      { name: "Welcome", waitMinutes: 120, linkTarget: "https://example.com/welcome", linkCode: "Code2345" },
    ]);
  });
});
