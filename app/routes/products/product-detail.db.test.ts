import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { signedInRequest } from "../../../tests/support/factories";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { createProduct, getProduct } from "../../domain/products/products.server";
import { action } from "./product-detail";

/** The product page's action, called the way React Router calls it, with a real session cookie. */

async function post(userId: string, productId: string, fields: Record<string, string>, cookie?: string) {
  const url = `http://localhost:3000/product-detail?id=${productId}`;
  const init = {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  };
  const request = cookie
    ? new Request(url, { ...init, headers: { ...init.headers, Cookie: cookie } })
    : await signedInRequest(userId, url, init);
  try {
    const answer = await action({ request, params: {}, context: new RouterContextProvider() } as never);
    if (answer instanceof Response) return answer.status;
    return (answer as { init?: ResponseInit | null }).init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Error) return `500: ${thrown.message}`;
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: ResponseInit | null }).init?.status ?? 500;
  }
}

describeEachDatabase("product page action", () => {
  test.each(["constructor", "toString", "", "archive"])(
    "an unknown intent (%j) answers 400 and the product remains",
    async (intent) => {
      const { admin, context } = await companyWithAdmin("Products Co");
      const created = await createProduct(context, "Glow Serum");
      if (!created.ok) throw new Error("product not created");

      expect(await post(admin.id, created.product.id, { intent })).toBe(400);
      expect((await getProduct(context, created.product.id))?.name).toBe("Glow Serum");
    },
  );

  test("a read-only admin is refused (403) before the body is read, whatever the intent", async () => {
    const { context, account } = await companyWithAdmin("Products Co");
    const created = await createProduct(context, "Day Cream");
    if (!created.ok) throw new Error("product not created");
    const cookie = await roAdminViewCookie(account.id);

    expect(await post("", created.product.id, { intent: "delete" }, cookie)).toBe(403);
    expect(await post("", created.product.id, { intent: "archive" }, cookie)).toBe(403);
    expect((await getProduct(context, created.product.id))?.name).toBe("Day Cream");
  });

  test("delete, the intent that removes a product, still does", async () => {
    const { admin, context } = await companyWithAdmin("Products Co");
    const created = await createProduct(context, "Night Cream");
    if (!created.ok) throw new Error("product not created");

    expect(await post(admin.id, created.product.id, { intent: "delete" })).toBe(302);
    expect(await getProduct(context, created.product.id)).toBeNull();
  });
});
