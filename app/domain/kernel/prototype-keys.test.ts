import { describe, expect, test } from "vitest";
import { countryFromLanguages } from "~/domain/accounts/country";
import { attributeValuesFrom } from "~/domain/contacts/attributes.server";
import { submittedValues } from "~/domain/forms/public-fields";
import { twilioErrorReason } from "~/domain/messaging/delivery-status.server";
import { variantsByProduct } from "~/domain/shopify/commerce/mapping-writes.server";
import { handlerFor } from "~/domain/shopify/webhooks/handlers.server";
import { readChatForm } from "~/domain/webchat/chat/chat-request.server";
import { fill } from "~/domain/webchat/chat/chat-texts";
import { safeStyle } from "~/domain/webchat/templates/template-html";
import { renderTemplateSubject } from "~/domain/webchat/templates/template-render";
import { loader as formAsset } from "~/routes/public/form-assets";
import { screenTitle } from "~/ui/page-title";

// Issue 32 item 9: each lookup keyed by a request's (or a tenant's) value, given Object.prototype's
// names, finds nothing, and an object built from such keys keeps them as its own, plain entries.
// own-entry.test.ts keeps new lookups from appearing unchecked.

const NAMES = ["constructor", "__proto__", "toString", "hasOwnProperty"];

describe.each(NAMES)("%s", (name) => {
  test("/forms/assets/{name} answers 404; the widget's files are still served", async () => {
    const answer = formAsset({ params: { file: name } } as never);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe("Not found");
    expect(formAsset({ params: { file: "altcha.js" } } as never).status).toBe(200);
  });

  test("an Accept-Language naming it gives the fallback country", () => {
    expect(countryFromLanguages(name)).toBe(countryFromLanguages(""));
    expect(countryFromLanguages(`${name}, fr-CA;q=0.5`)).toBe("CA");
  });

  test("a Twilio error code, a Shopify topic, a page's path, a text's slot", () => {
    expect(twilioErrorReason(name)).toBe(`Twilio error ${name}`);
    expect(handlerFor(name)).toBe(handlerFor("no/such-topic"));
    expect(screenTitle(name, "Blusteam")).toBe("Blusteam");
    expect(fill(`{{${name}}} {{count}}`, { count: 2 })).toBe(`{{${name}}} 2`);
  });

  test("a tenant's template: an attribute token and a style property of that name", () => {
    expect(
      renderTemplateSubject(`Hi {{attribute:${name}}}!`, {
        firstName: "Ada",
        lastName: "L",
        attributes: { Plan: "Gold" },
      }),
    ).toBe("Hi !");
    expect(safeStyle(`${name}: bold; font-weight: bold`)).toBe("font-weight: bold");
  });

  test("posted fields of that name are plain own values", async () => {
    const body = new URLSearchParams([
      [name, "posted"],
      ["email", "a@b.co"],
    ]).toString();
    const form = await readChatForm(
      new Request("http://localhost/c/x/sign-in", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(form && Object.hasOwn(form, name) && form[name]).toBe("posted");
    expect(form && Object.getPrototypeOf(form)).toBe(Object.prototype);

    const json = await readChatForm(
      new Request("http://localhost/c/x/messages", {
        method: "POST",
        body: `{"${name}": "posted", "body": "hi"}`,
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect(json && Object.hasOwn(json, name) && json[name]).toBe("posted");
    expect(json && Object.getPrototypeOf(json)).toBe(Object.prototype);

    const values = submittedValues([[name, "posted"]]);
    expect(Object.hasOwn(values, name) && values[name]).toBe("posted");
    const formData = new FormData();
    formData.append(`attr.${name}`, "posted");
    const attributes = attributeValuesFrom(formData);
    expect(Object.hasOwn(attributes, name) && attributes[name]).toBe("posted");
    const variants = variantsByProduct([{ shopifyProductId: name, variantId: "v1" } as never]);
    expect(Object.hasOwn(variants, name) && variants[name]).toEqual(["v1"]);
    expect(Object.getPrototypeOf(variants)).toBe(Object.prototype);
  });
});
