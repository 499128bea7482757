import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { pageTitle, screenTitle, screenTitles } from "./page-title";

describe("document titles", () => {
  it("puts the screen's name before the product name, in the page's language", () => {
    expect(screenTitle("/contacts", "Blusteam")).toBe("Contacts · Blusteam");
    expect(screenTitle("/settings", "Acme SMS", "en")).toBe("Settings · Acme SMS");
    expect(screenTitle("/settings", "Blusteam", "fr")).toBe("Paramètres · Blusteam");
    expect(screenTitle("/contacts/", "Blusteam")).toBe("Contacts · Blusteam");
    expect(pageTitle("Maya Patel", "Blusteam")).toBe("Maya Patel · Blusteam");
  });

  it("falls back to the product name for a URL without a title of its own", () => {
    expect(screenTitle("/l/abc123", "Blusteam")).toBe("Blusteam");
    expect(screenTitle("/", "Blusteam", "xx")).toBe("Analytics · Blusteam");
  });

  it("names every signed-in screen of app/routes.ts", () => {
    type Entry = { path?: string; file: string; children?: Entry[] };
    const shell = (routes as Entry[]).find((r) => r.file === "routes/app-layout.tsx");
    const paths = (shell?.children ?? []).map((r) => `/${r.path ?? ""}`);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !screenTitles[path])).toEqual([]);
  });
});
