import { expect, test } from "vitest";
import { defaultFormElements, type FormElement } from "./form-document";
import { withCustomElements } from "./form-elements";
import {
  canonicalKey,
  checkSubmission,
  fieldError,
  mapSubmission,
  type PublicField,
  publicFields,
  submittedValues,
} from "./public-fields";

const custom: FormElement[] = [
  {
    id: "age",
    type: "input",
    htmlType: "number",
    label: "Age",
    isRequired: true,
    attributeType: "contact-attribute",
    attributeId: "a1",
  },
  {
    id: "site",
    type: "input",
    htmlType: "url",
    label: "Website",
    attributeType: "contact-attribute",
    attributeId: "a2",
  },
  {
    id: "mail2",
    type: "default-input",
    htmlType: "email",
    label: "Work email",
    attributeType: "contact-attribute",
    attributeId: "a3",
  },
  {
    id: "p",
    type: "dropdown",
    label: "Product",
    isRequired: true,
    attributeType: "product",
    options: [
      { label: "A", value: "pa" },
      { label: "B", value: "pb" },
    ],
  },
  {
    id: "m",
    type: "multichoice",
    label: "Colour",
    isRequired: true,
    isOther: true,
    attributeType: "contact-attribute",
    attributeId: "a4",
    options: [{ label: "Red", value: "red" }],
  },
  {
    id: "s",
    type: "multiselect-dropdown",
    label: "Sizes",
    isRequired: true,
    attributeType: "contact-product-attribute",
    attributeId: "a5",
    product: "pa",
    options: [
      { label: "S", value: "s" },
      { label: "M", value: "m" },
    ],
  },
  {
    id: "h",
    type: "input",
    htmlType: "text",
    label: "Campaign",
    isHidden: true,
    placeholder: "spring",
    attributeType: "contact-attribute",
    attributeId: "a6",
  },
];
const elements = withCustomElements(defaultFormElements(), custom);
const fields = publicFields(elements, "en");
const byId = (id: string) => fields.find((f) => f.element.id === id) as PublicField;
const err = (id: string, value: string) => fieldError(byId(id), value, "en");

test("§5.3 field messages", () => {
  expect(err("first-name", "")).toBe("Please enter first name!");
  expect(err("phone", "")).toBe("Please enter phone no.!");
  for (const ok of ["+1 (201) 555-0147", "2015550147", "+44 20 7946 0958", "0033612345678"])
    expect(err("phone", ok)).toBeNull();
  for (const bad of ["12345", "+1 201 555 01", "12345678901234", "abc2015550147"])
    expect(err("phone", bad)).toBe("Please enter valid phone no.!");
  expect(err("email", "")).toBeNull(); // default-email: required only when isRequired
  expect(err("email", "a@b")).toBe("Please enter a valid email address!");
  expect(err("mail2", "")).toBe("Please enter work email!"); // a default-input email is always required
  expect(err("age", "12a")).toBe("only numbers are acceptable!");
  expect(err("age", "42")).toBeNull();
  expect(err("site", "not a url")).toBe("Please enter valid URL");
  expect(err("site", "https://shop.example.com/x")).toBeNull();
  expect(err("p", "")).toBe("Please select value!");
  expect(err("s", "")).toBe("Please select value!");
  expect(err("m", "")).toBe("Please pick an item!");
  expect(err("h", "")).toBeNull();
});

test("French messages and labels; translated keys map back (§3.5)", () => {
  const fr = publicFields(elements, "fr");
  expect(fr.slice(0, 4).map((f) => f.label)).toEqual(["Prénom", "Nom", "N° de téléphone", "E-mail"]);
  expect(fieldError(fr[0], "", "fr")).toBe("Veuillez saisir prénom !");
  expect(["Prénom", "Nom", "N° de téléphone", "E-mail", "City"].map(canonicalKey)).toEqual([
    "First Name",
    "Last Name",
    "Phone No.",
    "Email",
    "City",
  ]);
});

test("answers are checked against the form: hidden presets win, only offered options, 'Other' resolved", () => {
  const posted = submittedValues([
    ["Prénom", "Ana"],
    ["Last Name", "B"],
    ["Phone No.", "2015550147"],
    ["contact.attribute.a1", "30"],
    ["product", "pb"],
    ["product", "forged"],
    ["contact.attribute.a4", "__other__"],
    ["contact.attribute.a4::other", "Teal"],
    ["contact.product.attribute.a5:::pa", "s"],
    ["contact.product.attribute.a5:::pa", "m"],
    ["contact.product.attribute.a5:::pa", "xl"],
    ["contact.attribute.a6", "forged"],
    ["contact.attribute.a3", "w@corp.example"],
  ]);
  const checked = checkSubmission(fields, posted, "en");
  expect(checked.errors).toEqual({});
  expect(checked.values).toMatchObject({
    "First Name": "Ana",
    product: "pb",
    "contact.attribute.a4": "Teal",
    "contact.product.attribute.a5:::pa": "s,m",
    "contact.attribute.a6": "spring",
  });
  const mapped = mapSubmission(checked.values, "pc");
  expect(mapped.contact).toEqual({ firstName: "Ana", lastName: "B", phone: "2015550147", email: "" });
  expect(mapped.contactAttributes).toEqual({ a1: "30", a3: "w@corp.example", a4: "Teal", a6: "spring" });
  expect(mapped.productAttributes).toEqual({ pa: { a5: "s,m" } });
  expect(mapped.productIds.sort()).toEqual(["pa", "pb", "pc"]);
});
