import { describe, expect, it } from "vitest";
import { activeMenuUrl, visibleMenuItems } from "./menu";

const urls = (roles: string[], language = "en") => visibleMenuItems(roles, language).map((i) => i.url);

describe("sidebar menu", () => {
  it("shows members the menu in the spec's order", () => {
    expect(urls([])).toEqual([
      "/",
      "/touchpoints",
      "/product",
      "/contacts",
      "/contact-form",
      "/support",
      "/integration",
    ]);
  });

  it("adds WebChat for beta and the chat item for admins, in English only", () => {
    expect(urls(["beta"])).toContain("/webchat");
    expect(urls(["admin"])).toContain("/chat-interface");
    expect(urls(["admin"], "fr")).not.toContain("/chat-interface");
    expect(urls(["admin"])).not.toContain("/webchat");
  });

  it("marks the longest matching item active", () => {
    const items = visibleMenuItems(["beta"], "en");
    expect(activeMenuUrl("/", items)).toBe("/");
    expect(activeMenuUrl("/touchpoints/workflow", items)).toBe("/touchpoints");
    expect(activeMenuUrl("/webchat/branding", items)).toBe("/webchat");
    expect(activeMenuUrl("/settings", items)).toBeNull();
  });
});
