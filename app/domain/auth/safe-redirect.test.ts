import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeRedirectPath("/settings")).toBe("/settings");
    expect(safeRedirectPath("/settings?tab=users#invite")).toBe("/settings?tab=users#invite");
    expect(safeRedirectPath("/contacts/%20x")).toBe("/contacts/%20x");
  });

  it("falls back for anything that is not a path", () => {
    for (const value of [null, undefined, "", "settings", "https://evil.example/", "javascript:alert(1)"]) {
      expect(safeRedirectPath(value, "/home"), String(value)).toBe("/home");
    }
  });

  it("refuses protocol-relative and backslash tricks that leave the site", () => {
    for (const value of ["//evil.example", "/\\evil.example", "/\\/evil.example", "/%5C%5Cevil.example/.."]) {
      const target = safeRedirectPath(value);
      expect(new URL(target, "https://app.example").origin, value).toBe("https://app.example");
    }
  });

  it("refuses control characters, which browsers strip before reading the address", () => {
    for (const value of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/ok\u0000",
      "/\u007f/x",
    ]) {
      expect(safeRedirectPath(value), JSON.stringify(value)).toBe("/");
    }
  });
});
