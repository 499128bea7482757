import { describe, expect, it } from "vitest";
import { isCrossOriginWrite } from "./security.server";

const post = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/login", { method: "POST", headers });

describe("cross-origin writes", () => {
  it("allows our own origin and requests without one", () => {
    expect(isCrossOriginWrite(post({ Origin: "http://localhost:3000" }))).toBe(false);
    expect(isCrossOriginWrite(post({}))).toBe(false);
    expect(
      isCrossOriginWrite(new Request("http://localhost:3000/", { headers: { Origin: "https://evil.test" } })),
    ).toBe(false);
  });

  it("refuses another site's posts", () => {
    expect(isCrossOriginWrite(post({ Origin: "https://evil.test" }))).toBe(true);
    expect(isCrossOriginWrite(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
  });
});
