import { describe, expect, it } from "vitest";
import { canMove, deleteCustom, insertCustom, isCustomIndex, moveCustom } from "./element-order";

const fixed = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}` }));
const base = [...fixed(7, "h"), ...fixed(4, "t")];
const ids = (list: { id: string }[]) => list.map((e) => e.id);

describe("custom fields between the first 7 and the last 4 elements", () => {
  it("adds after the last custom field, before the fixed tail", () => {
    const one = insertCustom(base, { id: "a" });
    const two = insertCustom(one, { id: "b" });
    expect(ids(two).slice(7, 9)).toEqual(["a", "b"]);
    expect(ids(two).slice(-4)).toEqual(["t0", "t1", "t2", "t3"]);
  });

  it("moves up and down, never past the fixed ends", () => {
    const list = insertCustom(insertCustom(base, { id: "a" }), { id: "b" });
    expect(canMove(list.length, 7, -1)).toBe(false);
    expect(canMove(list.length, 8, 1)).toBe(false);
    expect(ids(moveCustom(list, "a", -1))).toEqual(ids(list));
    expect(ids(moveCustom(list, "b", 1))).toEqual(ids(list));
    expect(ids(moveCustom(list, "a", 1)).slice(7, 9)).toEqual(["b", "a"]);
    expect(ids(moveCustom(list, "b", -1)).slice(7, 9)).toEqual(["b", "a"]);
    expect(ids(moveCustom(list, "h3", 1))).toEqual(ids(list));
  });

  it("deletes custom fields only", () => {
    const list = insertCustom(base, { id: "a" });
    expect(ids(deleteCustom(list, "a"))).toEqual(ids(base));
    expect(deleteCustom(list, "h0")).toHaveLength(list.length);
    expect(deleteCustom(list, "t3")).toHaveLength(list.length);
    expect(isCustomIndex(list.length, 7)).toBe(true);
    expect(isCustomIndex(base.length, 7)).toBe(false);
  });
});
