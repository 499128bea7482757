import { describe, expect, test } from "vitest";
import { hasLinkPlaceholder, LINK_PLACEHOLDER, renderMessage, unknownPlaceholders } from "./template";

describe("renderMessage", () => {
  const values = {
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@example.com",
    phone: "+12015550101",
    company: "Acme",
    link: "https://blu.st/l/abcd2345",
  };

  test("{{LINK}} becomes the link and contact fields their values, spaces and case allowed", () => {
    expect(renderMessage("Hi {{first_name}} {{ last_name }}, see {{LINK}}", values)).toBe(
      "Hi Ada Lovelace, see https://blu.st/l/abcd2345",
    );
    expect(renderMessage("{{First_Name}} at {{company}}: {{email}} / {{phone}}", values)).toBe(
      "Ada at Acme: ada@example.com / +12015550101",
    );
    expect(renderMessage(`${LINK_PLACEHOLDER}${LINK_PLACEHOLDER}`, values)).toBe(
      "https://blu.st/l/abcd2345https://blu.st/l/abcd2345",
    );
  });

  test("full_name joins the names; missing values become empty; unknown fields stay as written", () => {
    expect(renderMessage("{{full_name}}", values)).toBe("Ada Lovelace");
    expect(renderMessage("{{full_name}}", { first_name: "Ada" })).toBe("Ada");
    expect(renderMessage("{{full_name}}", { full_name: "Lady Ada" })).toBe("Lady Ada");
    expect(renderMessage("Hi {{first_name}}{{LINK}}!", {})).toBe("Hi !");
    expect(renderMessage("Hi {{nickname}} {{ first-name }}", values)).toBe(
      "Hi {{nickname}} {{ first-name }}",
    );
  });

  test("values are inserted literally ($ patterns and braces are not interpreted)", () => {
    expect(renderMessage("Hi {{first_name}}", { first_name: "$& {{LINK}}" })).toBe("Hi $& {{LINK}}");
  });
});

describe("unknownPlaceholders and hasLinkPlaceholder", () => {
  test("lists each unknown placeholder once, as written", () => {
    expect(unknownPlaceholders("{{first_name}} {{LINK}} {{nick}} {{ nick }} {{nick}} {{Company}}")).toEqual([
      "{{nick}}",
      "{{ nick }}",
    ]);
    expect(unknownPlaceholders("No fields")).toEqual([]);
  });

  test("only {{LINK}} (upper case, spaces allowed) is the link", () => {
    expect(hasLinkPlaceholder("See {{LINK}}")).toBe(true);
    expect(hasLinkPlaceholder("See {{ LINK }}")).toBe(true);
    expect(hasLinkPlaceholder("See {{link}}")).toBe(false);
    expect(hasLinkPlaceholder("See {LINK}")).toBe(false);
    // Lower-case {{link}} is not rendered as the link, so the editor flags it.
    expect(unknownPlaceholders("See {{link}}")).toEqual(["{{link}}"]);
  });
});
