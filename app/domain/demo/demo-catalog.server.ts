import { and, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, users } from "#db/schema";
import { createAttribute, listAttributes, saveContactAttributes } from "~/domain/contacts/attributes.server";
import { createContact } from "~/domain/contacts/contacts.server";
import type { ContactInput } from "~/domain/contacts/schemas";
import { createTouchpoint } from "~/domain/journeys/touchpoint-edits.server";
import type { TouchpointInput } from "~/domain/journeys/touchpoint-schemas";
import { listJourneys } from "~/domain/journeys/touchpoints.server";
import type { AccountScope } from "~/domain/kernel/scope";
import { recordSmsConsent } from "~/domain/messaging/consent.server";
import { linkContactsToProduct } from "~/domain/products/links.server";
import { createProduct, listProducts } from "~/domain/products/products.server";
import { channelAdapter } from "~/services/messaging/channels.server";
import { DEMO_ACCOUNT_ID } from "./demo-account";

/**
 * Demo Co's products, contacts and journeys, so that whoever runs `npm start` and signs in as
 * demo@blusteam.dev finds every screen with something in it, and the first messages of a live
 * journey in /dev/outbox. Everything goes through the app's own domain functions (E.164 numbers,
 * a journey per product, enrollment by linking, consent records), as a team member would build it.
 * It runs once: the account's metadata keeps that it did, so deleting the demo products stays done.
 * It never runs where a real provider is configured: its live journeys would message made-up numbers
 * and addresses through Twilio, Meta or a mail server.
 */

const MARKER = "demoCatalogSeededAt";

type DemoContact = ContactInput & { consent?: boolean; skinType?: string; products: string[] };

const demoContacts: DemoContact[] = [
  {
    firstName: "Maya",
    lastName: "Patel",
    phone: "(212) 555-0101",
    email: "maya.patel@example.com",
    consent: true,
    skinType: "Dry",
    products: ["Glow Serum"],
  },
  {
    firstName: "Jonas",
    lastName: "Weber",
    phone: "(415) 555-0102",
    email: "jonas.weber@example.com",
    consent: true,
    skinType: "Oily",
    products: ["Glow Serum", "Night Cream"],
  },
  {
    firstName: "Aiko",
    lastName: "Tanaka",
    phone: "(646) 555-0103",
    email: "aiko.tanaka@example.com",
    products: ["Glow Serum"],
  },
  {
    firstName: "Luis",
    lastName: "García",
    phone: "(305) 555-0104",
    email: "luis.garcia@example.com",
    consent: true,
    skinType: "Combination",
    products: ["Night Cream"],
  },
  { firstName: "Chloé", lastName: "Martin", email: "chloe.martin@example.com", products: [] },
];

const demoJourneys: Record<string, TouchpointInput[]> = {
  "Glow Serum": [
    {
      name: "Welcome",
      waitAmount: 0,
      waitUnit: "minutes",
      channel: "sms",
      message: "Hi {{first_name}}, thanks for choosing Glow Serum! How to get the most from it: {{LINK}}",
      linkTarget: "https://www.demo.co/glow-serum/how-to",
    },
    {
      name: "Check in",
      waitAmount: 3,
      waitUnit: "days",
      channel: "email",
      subject: "How is your Glow Serum?",
      message: "Hi {{first_name}}, it has been a few days with Glow Serum. Tell us how it is going: {{LINK}}",
      linkTarget: "https://www.demo.co/glow-serum/review",
    },
    {
      name: "Refill reminder",
      waitAmount: 25,
      waitUnit: "days",
      channel: "sms",
      message: "{{first_name}}, running low on Glow Serum? Refill in one tap: {{LINK}}",
      linkTarget: "https://www.demo.co/glow-serum/refill",
    },
  ],
  "Night Cream": [
    {
      name: "Welcome",
      waitAmount: 1,
      waitUnit: "hours",
      channel: "whatsapp",
      message: "Hi {{first_name}}, welcome to Night Cream. A pea-sized amount before bed is all it takes.",
    },
  ],
};

/** Whether every channel the demo journeys use still goes to the local outbox. */
function onlyTheOutbox(): boolean {
  return (["sms", "whatsapp", "email"] as const).every(
    (channel) => channelAdapter(channel).name === "outbox",
  );
}

export async function seedDemoCatalog(): Promise<void> {
  if (!onlyTheOutbox()) return;
  const db = getDb();
  // The marker is claimed before anything is created, in one statement: of processes starting at
  // the same moment exactly one builds the catalog (two would record each consent twice).
  const [claimed] = await db
    .update(accounts)
    .set({
      metadata: sql`${accounts.metadata} || ${JSON.stringify({ [MARKER]: new Date().toISOString() })}::jsonb`,
    })
    .where(and(eq(accounts.id, DEMO_ACCOUNT_ID), sql`not (${accounts.metadata} ? ${MARKER})`))
    .returning({ id: accounts.id });
  if (!claimed) return;
  try {
    await buildDemoCatalog();
  } catch (error) {
    // Claimed but not built: the next start tries again (what was made is found and reused).
    await db
      .update(accounts)
      .set({ metadata: sql`${accounts.metadata} - ${MARKER}` })
      .where(eq(accounts.id, DEMO_ACCOUNT_ID));
    throw error;
  }
}

async function buildDemoCatalog() {
  const db = getDb();
  const [demoUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "demo@blusteam.dev"));
  const scope: AccountScope = { account: { id: DEMO_ACCOUNT_ID } };

  const productIds = new Map<string, string>();
  for (const name of Object.keys(demoJourneys)) {
    // Demo Co is a showcase: its journeys are live from the start (a new company's start as drafts).
    const created = await createProduct(scope, name, undefined, { journeyState: "live" });
    const id = created.ok
      ? created.product.id
      : (await listProducts(scope, name)).find((p) => p.name === name)?.id;
    if (id) productIds.set(name, id);
  }
  const journeys = await listJourneys(scope);
  for (const [name, steps] of Object.entries(demoJourneys)) {
    const journey = journeys.find((j) => j.productId === productIds.get(name));
    if (!journey || Number(journey.touchpointCount) > 0) continue;
    for (const step of steps) await createTouchpoint(scope, journey.id, step);
  }

  const attribute = await createAttribute(scope, { title: "Skin type", type: "STRING" });
  const skinType = attribute.ok
    ? attribute.attribute
    : (await listAttributes(scope, "contact")).find((a) => a.title === "Skin type");

  for (const { consent, skinType: skin, products, ...input } of demoContacts) {
    const created = await createContact(scope, input);
    const contactId = created.ok
      ? created.contact.id
      : created.reason === "duplicate"
        ? created.contactId
        : null;
    if (!contactId) continue;
    if (consent)
      await recordSmsConsent(db, DEMO_ACCOUNT_ID, contactId, {
        source: "admin",
        consentText: "Said yes to texts about their order when buying in the store (demo data).",
        ip: null,
        userId: demoUser?.id ?? null,
      });
    if (skin && skinType) await saveContactAttributes(scope, contactId, { [skinType.id]: skin });
    for (const product of products) {
      const productId = productIds.get(product);
      if (productId) await linkContactsToProduct(scope, [contactId], productId);
    }
  }
}
