import { and, eq } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import {
  attributes,
  consentEvents,
  contactAttributeValues,
  contacts,
  enrollments,
  journeys,
  products,
  touchpoints,
} from "#db/schema";
import { seedDemoData, seedReferenceData } from "#db/seed";
import { resetConfigForTests } from "~/config.server";
import { createAccount } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { deleteProduct } from "../products/products.server";
import { DEMO_ACCOUNT_ID } from "./demo-account";
import { seedDemoCatalog } from "./demo-catalog.server";

describeEachDatabase("demo catalog", (getDb) => {
  afterEach(() => {
    for (const key of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"]) delete process.env[key];
    resetConfigForTests();
  });
  const demo = { account: { id: DEMO_ACCOUNT_ID } };
  const countOf = async (
    table: typeof contacts | typeof products | typeof enrollments | typeof consentEvents,
  ) => getDb().$count(table, eq(table.accountId, DEMO_ACCOUNT_ID));

  async function seedAll() {
    await seedReferenceData(getDb());
    await seedDemoData(getDb());
    await seedDemoCatalog();
  }

  test("Demo Co gets products with journeys, contacts with consent and attributes, and enrollments", async () => {
    const other = await createAccount({ company: "Other Co" });
    await seedAll();

    const productRows = await getDb().select().from(products).where(eq(products.accountId, DEMO_ACCOUNT_ID));
    expect(productRows.map((p) => p.name).sort()).toEqual(["Glow Serum", "Night Cream"]);
    const [glow] = await getDb()
      .select({ id: journeys.id, state: journeys.state })
      .from(journeys)
      .innerJoin(products, eq(products.id, journeys.productId))
      .where(and(eq(products.accountId, DEMO_ACCOUNT_ID), eq(products.name, "Glow Serum")));
    expect(glow.state).toBe("live");
    const steps = await getDb()
      .select()
      .from(touchpoints)
      .where(eq(touchpoints.journeyId, glow.id))
      .orderBy(touchpoints.ordinal);
    expect(steps.map((s) => [s.name, s.channel, s.waitMinutes, s.waitUnit])).toEqual([
      ["Welcome", "sms", 0, "minutes"],
      ["Check in", "email", 3 * 24 * 60, "days"],
      ["Refill reminder", "sms", 25 * 24 * 60, "days"],
    ]);
    // Every step with a link target has its tracked link.
    expect(steps.every((s) => Boolean(s.linkCode))).toBe(true);

    const people = await getDb().select().from(contacts).where(eq(contacts.accountId, DEMO_ACCOUNT_ID));
    expect(people).toHaveLength(5);
    const maya = people.find((p) => p.firstName === "Maya");
    expect(maya).toMatchObject({
      phone: "+12125550101",
      email: "maya.patel@example.com",
      smsConsent: "opted_in",
    });
    expect(people.find((p) => p.firstName === "Aiko")?.smsConsent).toBe("none");
    expect(people.find((p) => p.firstName === "Chloé")?.phone).toBeNull();
    expect(await countOf(consentEvents)).toBe(3);

    const [skinType] = await getDb()
      .select()
      .from(attributes)
      .where(and(eq(attributes.accountId, DEMO_ACCOUNT_ID), eq(attributes.title, "Skin type")));
    const [mayaSkin] = await getDb()
      .select({ value: contactAttributeValues.value })
      .from(contactAttributeValues)
      .where(
        and(
          eq(contactAttributeValues.contactId, maya?.id ?? ""),
          eq(contactAttributeValues.attributeId, skinType.id),
        ),
      );
    expect(mayaSkin.value).toBe("Dry");

    // Maya, Jonas and Aiko own Glow Serum; Jonas and Luis own Night Cream.
    expect(await countOf(enrollments)).toBe(5);
    // Nothing of it lands in another company.
    expect(await getDb().$count(contacts, eq(contacts.accountId, other.id))).toBe(0);
    expect(await getDb().$count(products, eq(products.accountId, other.id))).toBe(0);
  });

  test("it is not created where a real SMS provider is configured (its journeys would text made-up numbers)", async () => {
    process.env.TWILIO_ACCOUNT_SID = "AC00000000000000000000000000000001";
    process.env.TWILIO_AUTH_TOKEN = "token";
    process.env.TWILIO_FROM = "+15005550006";
    resetConfigForTests();
    await seedAll();
    expect(await countOf(products)).toBe(0);
    expect(await countOf(contacts)).toBe(0);
  });

  test("it runs once: a second start adds nothing, and deleted demo products stay deleted", async () => {
    await seedAll();
    await seedAll();
    expect(await countOf(products)).toBe(2);
    expect(await countOf(contacts)).toBe(5);
    expect(await countOf(enrollments)).toBe(5);

    for (const product of await getDb()
      .select()
      .from(products)
      .where(eq(products.accountId, DEMO_ACCOUNT_ID)))
      expect(await deleteProduct(demo, product.id)).toBe(true);
    await seedAll();
    expect(await countOf(products)).toBe(0);
  });
});
