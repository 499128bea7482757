import { createCookie, isCookie } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { withVerifiedParseMemo } from "./verified-cookie.server";

const signed = () => createCookie("__session", { secrets: ["a-secret-for-this-test-only"], path: "/" });
const headerOf = (setCookie: string) => setCookie.split(";")[0];

describe("withVerifiedParseMemo", () => {
  it("is React Router's cookie with only parse of its own (docs/decisions/0017)", () => {
    const inner = signed();
    const cookie = withVerifiedParseMemo(inner);
    expect(Object.getOwnPropertyNames(cookie)).toEqual(["parse"]);
    expect(Object.getOwnPropertySymbols(cookie)).toEqual([]);
    expect(Object.getPrototypeOf(cookie)).toBe(inner);
    // Everything else is the library's own: a member React Router adds later is there too.
    expect(cookie.serialize).toBe(inner.serialize);
    expect(isCookie(cookie)).toBe(true);
  });

  it("parses what the signed cookie serialized, verifying the signature once per header", async () => {
    const inner = signed();
    const parse = vi.spyOn(inner, "parse");
    const cookie = withVerifiedParseMemo(inner);
    const header = headerOf(await cookie.serialize({ sessionId: "token-1" }));
    expect(await cookie.parse(header)).toEqual({ sessionId: "token-1" });
    expect(await cookie.parse(header)).toEqual({ sessionId: "token-1" });
    expect(parse).toHaveBeenCalledTimes(1);
    expect(cookie.name).toBe("__session");
    expect(cookie.isSigned).toBe(true);
  });

  it("gives every caller its own copy of the value", async () => {
    const cookie = withVerifiedParseMemo(signed());
    const header = headerOf(await cookie.serialize({ toast: { message: "saved" } }));
    const first = await cookie.parse(header);
    first.toast.message = "changed by the first caller";
    expect(await cookie.parse(header)).toEqual({ toast: { message: "saved" } });
  });

  it("refuses a tampered or foreign signature every time, as React Router does", async () => {
    const cookie = withVerifiedParseMemo(signed());
    const header = headerOf(await cookie.serialize({ sessionId: "token-1" }));
    const tampered = header.replace(/\.[^.]+$/, ".AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    const foreign = headerOf(
      await createCookie("__session", { secrets: ["another-secret"] }).serialize({ sessionId: "token-1" }),
    );
    for (let i = 0; i < 2; i++) {
      expect(await cookie.parse(tampered)).toBeNull();
      expect(await cookie.parse(foreign)).toBeNull();
    }
    expect(await cookie.parse(null)).toBeNull();
    expect(await cookie.parse("other=1")).toBeNull();
  });
});
