import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  expect,
  newCompanyDetails,
  newUserDetails,
  screenshotsIn,
  signInNewCompanyAdmin,
} from "./e2e-helpers";

/** Where the contacts and products specs leave their screenshots (outside test-results, which runs clear). */
export const screenshotDir = "/tmp/contacts-screens";

export const screenshot = screenshotsIn(screenshotDir);

/** A valid US number no other contact of a fresh company has: (201) NXX-XXXX. */
export function uniquePhone() {
  return `(201) ${randomInt(200, 999)}-${String(randomInt(0, 9999)).padStart(4, "0")}`;
}

/** A fresh user who creates a fresh company (so its contact list starts empty) and is its company admin. */
export async function freshCompanyAdmin(page: Page) {
  const { user, company } = await signInNewCompanyAdmin(
    page,
    newUserDetails(),
    newCompanyDetails("Contacts"),
  );
  return { user, company };
}

/** Adds a contact through the /contacts action (as the Add Contact drawer posts it). */
export async function postContact(
  page: Page,
  contact: { firstName: string; lastName: string; phone: string; email?: string },
) {
  const response = await page.request.post("/contacts", {
    form: { intent: "create", ...contact, email: contact.email ?? "" },
    headers: { Accept: "application/json" },
    maxRedirects: 0,
  });
  expect(response.status(), `adding ${contact.firstName} ${contact.lastName}`).toBeLessThan(300);
}

/** Creates a product through the /product action (company admins). */
export async function postProduct(page: Page, name: string) {
  const response = await page.request.post("/product", { form: { name }, maxRedirects: 0 });
  expect(response.status(), `creating product ${name}`).toBeLessThan(300);
}
