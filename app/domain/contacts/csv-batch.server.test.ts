import { describe, expect, test } from "vitest";
import { timeOrderedIds } from "./csv-batch.server";
import { keysRepeat } from "./csv-merge-sql";
import type { ImportRow } from "./csv-rows";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("timeOrderedIds", () => {
  test("are version 7 UUIDs, unique and increasing across calls", () => {
    const ids = [...timeOrderedIds(20_000), ...timeOrderedIds(5), ...timeOrderedIds(20_000)];
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1], `${ids[i - 1]} < ${ids[i]}`).toBe(true);
  });

  test("start with the current time in milliseconds", () => {
    const before = Date.now();
    const [id] = timeOrderedIds(1);
    const time = Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now() + 1);
  });
});

describe("keysRepeat", () => {
  const row = (n: number, phone: string | null, email: string | null): ImportRow => ({
    row: n,
    firstName: "A",
    lastName: "B",
    phone,
    email,
    smsText: null,
    whatsappText: null,
    attributes: [],
    fields: [],
  });

  test("tells whether two rows share a phone or an email", () => {
    expect(keysRepeat([row(2, "+12015550101", null), row(3, null, "a@example.com")])).toBe(false);
    expect(keysRepeat([row(2, "+12015550101", "a@example.com"), row(3, "+12015550102", "b@x.com")])).toBe(
      false,
    );
    expect(keysRepeat([row(2, "+12015550101", null), row(3, "+12015550101", null)])).toBe(true);
    expect(keysRepeat([row(2, null, "a@example.com"), row(3, "+12015550102", "a@example.com")])).toBe(true);
    expect(keysRepeat([row(2, null, null), row(3, null, null)])).toBe(false);
  });
});
