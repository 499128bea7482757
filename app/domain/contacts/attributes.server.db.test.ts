import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { getDb as appDb } from "#db/client.server";
import { accounts, attributes, contactAttributeValues, contacts, productAttributeValues } from "#db/schema";
import type { AccountScope } from "~/domain/kernel/scope";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { linkContactToProduct } from "../products/links.server";
import { createProduct } from "../products/products.server";
import {
  contactAttributeForm,
  createAttribute,
  listAttributes,
  lockValueTargets,
  productAttributeForm,
  saveContactAttributes,
  saveProductAttributes,
} from "./attributes.server";
import { createContact } from "./contacts.server";

async function contactOf(context: AccountScope, phone = "+12015550123") {
  const result = await createContact(context, { firstName: "Ada", lastName: "Lovelace", phone });
  if (!result.ok) throw new Error(result.reason);
  return result.contact;
}

// Attributes are listed in the order they were created (then by title). Two created within the same
// millisecond would tie, so each one the tests create gets its own later creation time.
let createdClock = Date.now();

async function attributeOf(context: AccountScope, title: string, type: string, scope = "contact") {
  const result = await createAttribute(context, { title, type, scope });
  if (!result.ok) throw new Error(result.reason);
  createdClock += 1000;
  await appDb()
    .update(attributes)
    .set({ createdAt: new Date(createdClock) })
    .where(eq(attributes.id, result.attribute.id));
  return result.attribute;
}

async function linkOf(context: AccountScope, contactId: string, name = "Solar Panels") {
  const product = await createProduct(context, name);
  if (!product.ok) throw new Error(product.reason);
  const link = await linkContactToProduct(appDb(), context, contactId, product.product.id);
  if (!link.ok) throw new Error(link.reason);
  return link.linkId;
}

/** Two companies, each with a contact and a "Tier" attribute. */
async function twoCompanies() {
  const a = await companyWithAdmin();
  const b = await companyWithAdmin();
  return {
    a,
    b,
    mine: await contactOf(a.context),
    theirs: await contactOf(b.context),
    myAttribute: await attributeOf(a.context, "Tier", "STRING"),
    theirAttribute: await attributeOf(b.context, "Tier", "STRING"),
  };
}

describeEachDatabase("custom attributes", (getDb) => {
  test("an attribute has a title and one of the five types; titles are unique per company and scope", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    await attributeOf(a.context, "Birthday", "DATE");
    expect(await createAttribute(a.context, { title: "birthday", type: "STRING" })).toEqual({
      ok: false,
      reason: "duplicate",
    });
    expect((await createAttribute(a.context, { title: "Birthday", type: "DATE", scope: "product" })).ok).toBe(
      true,
    );
    expect((await createAttribute(b.context, { title: "Birthday", type: "DATE" })).ok).toBe(true);
    expect(await createAttribute(a.context, { title: "Odd", type: "FLOAT" })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await createAttribute(a.context, { title: " ", type: "STRING" })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect((await listAttributes(a.context, "contact")).map((x) => x.title)).toEqual(["Birthday"]);
    expect((await listAttributes(b.context, "contact")).map((x) => x.title)).toEqual(["Birthday"]);
  });

  test("contact values are checked by type: one bad value refuses the whole save, with a message per field", async () => {
    const a = await companyWithAdmin();
    const contact = await contactOf(a.context);
    const count = await attributeOf(a.context, "Visits", "INTEGER");
    const big = await attributeOf(a.context, "Points", "LONG");
    const vip = await attributeOf(a.context, "VIP", "BOOLEAN");
    const born = await attributeOf(a.context, "Born", "DATE");
    const note = await attributeOf(a.context, "Note", "STRING");

    expect(
      await saveContactAttributes(a.context, contact.id, {
        [count.id]: "3.5",
        [big.id]: "12",
        [vip.id]: "maybe",
        [born.id]: "2024-13-01",
        [note.id]: "anything at all",
      }),
    ).toEqual({
      ok: false,
      reason: "invalid",
      errors: {
        [count.id]: "contacts.validation.integerInvalid",
        [vip.id]: "contacts.validation.booleanInvalid",
        [born.id]: "contacts.validation.dateInvalid",
      },
    });
    expect(await getDb().select().from(contactAttributeValues)).toEqual([]);

    const values = {
      [count.id]: "3",
      [big.id]: "9000000000",
      [vip.id]: "TRUE",
      [born.id]: "1815-12-10",
      [note.id]: "hi",
    };
    expect(await saveContactAttributes(a.context, contact.id, values)).toEqual({ ok: true });
    const form = await contactAttributeForm(a.context, contact.id);
    expect(form?.map((f) => [f.title, f.value])).toEqual([
      ["Visits", "3"],
      ["Points", "9000000000"],
      ["VIP", "true"],
      ["Born", "1815-12-10"],
      ["Note", "hi"],
    ]);

    // Saving again updates; an empty value clears.
    expect(await saveContactAttributes(a.context, contact.id, { [count.id]: "4", [note.id]: "" })).toEqual({
      ok: true,
    });
    const after = await contactAttributeForm(a.context, contact.id);
    expect(after?.find((f) => f.id === count.id)?.value).toBe("4");
    expect(after?.find((f) => f.id === note.id)?.value).toBeNull();
  });

  test("another company's contact or attribute cannot be read or written", async () => {
    const { a, b, mine, theirs, myAttribute, theirAttribute } = await twoCompanies();

    expect(await contactAttributeForm(b.context, mine.id)).toBeNull();
    expect(await saveContactAttributes(b.context, mine.id, { [theirAttribute.id]: "gold" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await saveContactAttributes(a.context, mine.id, { [theirAttribute.id]: "gold" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await saveContactAttributes(b.context, theirs.id, { [myAttribute.id]: "gold" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await saveContactAttributes(a.context, mine.id, { "not-a-uuid": "x" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await getDb().select().from(contactAttributeValues)).toEqual([]);
  });

  test("a value is written only for the company's own contact and attributes, still there (lockValueTargets)", async () => {
    // contact_attribute_values has no foreign keys (migration 0037): this is what its writers rely on.
    const { a, mine, theirs, myAttribute, theirAttribute } = await twoCompanies();
    const locks = (contactId: string, attributeIds: string[]) =>
      getDb().transaction((tx) => lockValueTargets(tx, a.account.id, contactId, attributeIds));

    expect(await locks(mine.id, [myAttribute.id, myAttribute.id])).toBe(true);
    expect(await locks(mine.id, [])).toBe(true);
    expect(await locks(theirs.id, [])).toBe(false);
    expect(await locks(mine.id, [myAttribute.id, theirAttribute.id])).toBe(false);
    await getDb().delete(attributes).where(eq(attributes.id, myAttribute.id));
    expect(await locks(mine.id, [myAttribute.id])).toBe(false);
    await getDb().delete(contacts).where(eq(contacts.id, mine.id));
    expect(await locks(mine.id, [])).toBe(false);
  });

  test("deleting a contact, an attribute or a company deletes their attribute values, as a cascade did", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const [ann, bob] = [await contactOf(a.context), await contactOf(a.context, "+12015550124")];
    const theirs = await contactOf(b.context);
    const [tier, city] = [
      await attributeOf(a.context, "Tier", "STRING"),
      await attributeOf(a.context, "City", "STRING"),
    ];
    const theirTier = await attributeOf(b.context, "Tier", "STRING");
    for (const contact of [ann, bob])
      expect(
        await saveContactAttributes(a.context, contact.id, { [tier.id]: "gold", [city.id]: "Paris" }),
      ).toEqual({ ok: true });
    expect(await saveContactAttributes(b.context, theirs.id, { [theirTier.id]: "gold" })).toEqual({
      ok: true,
    });
    const values = async () =>
      (
        await getDb()
          .select({
            contactId: contactAttributeValues.contactId,
            attributeId: contactAttributeValues.attributeId,
          })
          .from(contactAttributeValues)
      )
        .map(
          (v) =>
            `${v.contactId === ann.id ? "ann" : v.contactId === bob.id ? "bob" : "theirs"} ${v.attributeId === tier.id ? "tier" : v.attributeId === city.id ? "city" : "their tier"}`,
        )
        .sort();
    expect(await values()).toEqual(["ann city", "ann tier", "bob city", "bob tier", "theirs their tier"]);

    await getDb().delete(contacts).where(eq(contacts.id, ann.id));
    expect(await values()).toEqual(["bob city", "bob tier", "theirs their tier"]);
    await getDb().delete(attributes).where(eq(attributes.id, city.id));
    expect(await values()).toEqual(["bob tier", "theirs their tier"]);
    // The company's contacts go with it (their foreign key), and their values with them.
    await getDb().delete(accounts).where(eq(accounts.id, a.account.id));
    expect(await values()).toEqual(["theirs their tier"]);
  });

  test("product attributes belong to a contact-product link and are checked by type", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const contact = await contactOf(a.context);
    const linkId = await linkOf(a.context, contact.id);
    const serial = await attributeOf(a.context, "Serial", "LONG", "product");
    const contactOnly = await attributeOf(a.context, "Contact only", "STRING", "contact");

    expect(await saveProductAttributes(a.context, linkId, { [serial.id]: "abc" })).toEqual({
      ok: false,
      reason: "invalid",
      errors: { [serial.id]: "contacts.validation.longInvalid" },
    });
    // A contact attribute is not a product attribute.
    expect(await saveProductAttributes(a.context, linkId, { [contactOnly.id]: "x" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await saveProductAttributes(a.context, linkId, { [serial.id]: "123456789012" })).toEqual({
      ok: true,
    });
    expect((await productAttributeForm(a.context, linkId))?.map((f) => [f.title, f.value])).toEqual([
      ["Serial", "123456789012"],
    ]);

    expect(await productAttributeForm(b.context, linkId)).toBeNull();
    expect(await saveProductAttributes(b.context, linkId, { [serial.id]: "1" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect((await getDb().select().from(productAttributeValues)).map((v) => v.value)).toEqual([
      "123456789012",
    ]);
  });
});
