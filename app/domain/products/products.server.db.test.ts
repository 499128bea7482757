import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { contactProducts, contacts, journeys, products } from "#db/schema";
import type { AccountScope } from "~/domain/kernel/scope";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { createContact } from "../contacts/contacts.server";
import {
  linkContactsToProduct,
  linkContactToProduct,
  linkedContactIds,
  listContactProducts,
  listProductOwners,
  unlinkContactFromProduct,
} from "./links.server";
import { createProduct, deleteProduct, getProduct, listProducts, renameProduct } from "./products.server";

async function productOf(context: AccountScope, name: string) {
  const result = await createProduct(context, name);
  if (!result.ok) throw new Error(result.reason);
  return result.product;
}

async function contactOf(context: AccountScope, n: number) {
  const result = await createContact(context, {
    firstName: `First${n}`,
    lastName: `Last${n}`,
    phone: `+1201555${String(2000 + n)}`,
  });
  if (!result.ok) throw new Error(result.reason);
  return result.contact;
}

describeEachDatabase("products", (getDb) => {
  test("a new product gets its journey, named like it, in the same transaction", async () => {
    const a = await companyWithAdmin();
    const product = await productOf(a.context, "Solar Panels");
    const [journey] = await getDb().select().from(journeys).where(eq(journeys.productId, product.id));
    expect(journey).toMatchObject({
      name: "Solar Panels",
      accountId: a.account.id,
      state: "paused" /* a draft until made live (issue 20) */,
    });
  });

  test("product names are unique per company whatever their case; a refused name writes nothing", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    await productOf(a.context, "Solar Panels");
    expect(await createProduct(a.context, "solar panels")).toEqual({ ok: false, reason: "duplicate" });
    expect(await getDb().select().from(journeys)).toHaveLength(1);
    expect((await createProduct(b.context, "Solar Panels")).ok).toBe(true);
  });

  test("list by name with a search of 3 characters or more", async () => {
    const a = await companyWithAdmin();
    for (const name of ["beta kit", "Alpha Pack", "Gamma"]) await productOf(a.context, name);
    expect((await listProducts(a.context)).map((p) => p.name)).toEqual(["Alpha Pack", "beta kit", "Gamma"]);
    expect((await listProducts(a.context, "PACK")).map((p) => p.name)).toEqual(["Alpha Pack"]);
    expect((await listProducts(a.context, "ga")).map((p) => p.name)).toHaveLength(3);
  });

  test("rename renames the journey too; delete removes the journey and the links", async () => {
    const a = await companyWithAdmin();
    const product = await productOf(a.context, "Old");
    const contact = await contactOf(a.context, 1);
    await linkContactToProduct(getDb(), a.context, contact.id, product.id);

    expect(await renameProduct(a.context, product.id, "New")).toEqual({
      ok: true,
      product: { id: product.id, name: "New" },
    });
    expect((await getDb().select().from(journeys))[0].name).toBe("New");
    await productOf(a.context, "Other");
    expect(await renameProduct(a.context, product.id, "OTHER")).toEqual({ ok: false, reason: "duplicate" });

    expect(await deleteProduct(a.context, product.id)).toBe(true);
    expect(await getProduct(a.context, product.id)).toBeNull();
    expect(await getDb().select().from(journeys).where(eq(journeys.productId, product.id))).toEqual([]);
    expect(await getDb().select().from(contactProducts)).toEqual([]);
    // The contact stays.
    expect(await getDb().select().from(contacts)).toHaveLength(1);
  });

  test("another company cannot read, rename or delete a product", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const product = await productOf(a.context, "Mine");
    expect(await getProduct(b.context, product.id)).toBeNull();
    expect(await listProducts(b.context)).toEqual([]);
    expect(await renameProduct(b.context, product.id, "Stolen")).toEqual({ ok: false, reason: "not_found" });
    expect(await deleteProduct(b.context, product.id)).toBe(false);
    expect(await getProduct(a.context, product.id)).toEqual({ id: product.id, name: "Mine" });
    expect(await getProduct(a.context, "not-a-uuid")).toBeNull();
  });

  test("linking is idempotent per contact and product; unlinking removes the link", async () => {
    const a = await companyWithAdmin();
    const product = await productOf(a.context, "Kit");
    const contact = await contactOf(a.context, 1);
    const first = await linkContactToProduct(getDb(), a.context, contact.id, product.id);
    const again = await linkContactToProduct(getDb(), a.context, contact.id, product.id);
    expect(first).toMatchObject({ ok: true, created: true });
    expect(again).toEqual({ ok: true, created: false, linkId: first.ok ? first.linkId : "" });
    expect(await getDb().select().from(contactProducts)).toHaveLength(1);
    expect(await listContactProducts(a.context, contact.id)).toEqual([
      { linkId: first.ok ? first.linkId : "", productId: product.id, name: "Kit" },
    ]);

    expect(await unlinkContactFromProduct(getDb(), a.context, contact.id, product.id)).toBe(true);
    expect(await unlinkContactFromProduct(getDb(), a.context, contact.id, product.id)).toBe(false);
    expect(await getDb().select().from(contactProducts)).toEqual([]);
  });

  test("links never cross companies", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const myProduct = await productOf(a.context, "Kit");
    const theirProduct = await productOf(b.context, "Kit");
    const mine = await contactOf(a.context, 1);
    const theirs = await contactOf(b.context, 1);

    expect(await linkContactToProduct(getDb(), a.context, mine.id, theirProduct.id)).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await linkContactToProduct(getDb(), a.context, theirs.id, myProduct.id)).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await linkContactToProduct(getDb(), b.context, mine.id, myProduct.id)).toEqual({
      ok: false,
      reason: "not_found",
    });
    await linkContactToProduct(getDb(), a.context, mine.id, myProduct.id);
    expect(await unlinkContactFromProduct(getDb(), b.context, mine.id, myProduct.id)).toBe(false);
    expect((await listProductOwners(b.context, myProduct.id)).rows).toEqual([]);
    expect(await listContactProducts(b.context, mine.id)).toEqual([]);
    expect(await linkedContactIds(b.context, myProduct.id, [mine.id])).toEqual(new Set());
    expect(await getDb().select().from(contactProducts)).toHaveLength(1);
  });

  test("linking several contacts is all or nothing", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const product = await productOf(a.context, "Kit");
    const one = await contactOf(a.context, 1);
    const two = await contactOf(a.context, 2);
    const foreign = await contactOf(b.context, 3);

    expect(await linkContactsToProduct(a.context, [one.id, foreign.id, two.id], product.id)).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await getDb().select().from(contactProducts)).toEqual([]);
    expect(await linkContactsToProduct(a.context, [one.id, two.id, one.id], product.id)).toEqual({
      ok: true,
      created: 2,
    });
    expect(await linkedContactIds(a.context, product.id, [one.id, two.id, foreign.id])).toEqual(
      new Set([one.id, two.id]),
    );
  });

  test("owners: 10 per page, most recently linked first, inactive contacts hidden", async () => {
    const a = await companyWithAdmin();
    const product = await productOf(a.context, "Kit");
    const ids: string[] = [];
    for (let n = 1; n <= 12; n++) {
      const contact = await contactOf(a.context, n);
      ids.push(contact.id);
      await linkContactToProduct(getDb(), a.context, contact.id, product.id);
    }
    await getDb().update(contacts).set({ isActive: false }).where(eq(contacts.id, ids[0]));
    const first = await listProductOwners(a.context, product.id, 1);
    const second = await listProductOwners(a.context, product.id, 2);
    expect(first.total).toBe(11);
    expect(first.rows).toHaveLength(10);
    expect(second.rows).toHaveLength(1);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.contactId)).size).toBe(11);
    expect((await listProductOwners(a.context, product.id, 99)).page).toBe(2);
    expect(await getDb().select().from(products)).toHaveLength(1);
  });
});
