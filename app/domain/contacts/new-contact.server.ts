import { getDb } from "#db/client.server";
import type { MemberContext } from "~/domain/access/guard.server";
import { recordSmsConsent } from "~/domain/messaging/consent.server";
import { linkContactToProduct } from "~/domain/products/links.server";
import { type ContactWriteResult, createContact } from "./contacts.server";
import type { ContactInput, NewContactExtras } from "./schemas";

class Rollback extends Error {
  constructor(readonly reason: "product_not_found") {
    super(reason);
  }
}

export type NewContactResult = ContactWriteResult | { ok: false; reason: "product_not_found" };

/**
 * Adds a contact from either add-contact form with what the form also said, in one transaction:
 * the SMS consent the contact gave (recorded as a team member's record, with how in words, as the
 * contact page's 'Record consent' does), then the link to a product, which enrolls the contact in
 * its journey. An unknown or foreign product adds nothing.
 */
export async function createContactWithExtras(
  member: MemberContext,
  input: ContactInput,
  extras: NewContactExtras,
  linkProductId = extras.productId,
): Promise<NewContactResult> {
  try {
    return await getDb().transaction(async (tx) => {
      const created = await createContact(member, input, tx);
      if (!created.ok) return created;
      if (extras.smsConsent === "on" && extras.consentSource) {
        // A new contact cannot have opted out yet: this records.
        await recordSmsConsent(tx, member.account.id, created.contact.id, {
          source: "admin",
          consentText: extras.consentSource,
          ip: null,
          userId: member.user.id,
        });
      }
      if (linkProductId) {
        const linked = await linkContactToProduct(tx, member, created.contact.id, linkProductId);
        if (!linked.ok) throw new Rollback("product_not_found");
      }
      return created;
    });
  } catch (error) {
    if (error instanceof Rollback) return { ok: false, reason: error.reason };
    throw error;
  }
}
