import { describe, expect, test } from "vitest";
import { groupProducts, type PickableProduct } from "./product-groups";

const product = (id: string, title: string, productType = ""): PickableProduct => ({
  id,
  title,
  productType,
  imageUrl: null,
  imageAlt: null,
});

const catalogue = [
  product("1", "Night Cream", "Skin care"),
  product("2", "glow serum", "skin Care"),
  product("3", "Cleanser", "SKIN CARE"),
  product("4", "Gift card"),
  product("5", "Body Lotion", "Body"),
  product("6", "Aloe gel", "   "),
];

describe("groupProducts", () => {
  test("groups by type whatever its case, sorts titles, and puts products without a type in Other", () => {
    const groups = groupProducts(catalogue, "", "Other");
    expect(groups.map((g) => [g.label, g.products.map((p) => p.title)])).toEqual([
      ["Body", ["Body Lotion"]],
      ["Other", ["Aloe gel", "Gift card"]],
      ["SKIN CARE", ["Cleanser", "glow serum", "Night Cream"]],
    ]);
  });

  test("search is a case-insensitive substring of the title only", () => {
    expect(groupProducts(catalogue, "  CREAM ", "Other").flatMap((g) => g.products.map((p) => p.id))).toEqual(
      ["1"],
    );
    expect(groupProducts(catalogue, "body", "Other").flatMap((g) => g.products.map((p) => p.id))).toEqual([
      "5",
    ]);
    // The type is not searched.
    expect(groupProducts(catalogue, "skin", "Other")).toEqual([]);
  });

  test("the Other label is the caller's (translated) word", () => {
    expect(groupProducts([product("9", "Gift card")], "", "Autre")[0].label).toBe("Autre");
  });
});
