/**
 * The stepper's product list (spec 1 section 5, product search in onboarding): a case-insensitive
 * substring match on the title; products sorted by title and grouped by product type, case-insensitively;
 * a product without a type is in 'Other'. Runs in the browser on every keystroke.
 */

export type PickableProduct = {
  id: string;
  title: string;
  productType: string;
  imageUrl: string | null;
  imageAlt: string | null;
};

export type ProductGroup<P extends PickableProduct = PickableProduct> = {
  key: string;
  label: string;
  products: P[];
};

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "base" });

export function groupProducts<P extends PickableProduct>(
  products: readonly P[],
  search: string,
  otherLabel: string,
): ProductGroup<P>[] {
  const term = search.trim().toLowerCase();
  const matching = term ? products.filter((p) => p.title.toLowerCase().includes(term)) : [...products];
  matching.sort((a, b) => byText(a.title, b.title) || a.id.localeCompare(b.id));
  const groups = new Map<string, ProductGroup<P>>();
  for (const product of matching) {
    const type = product.productType.trim() || otherLabel;
    const key = type.toLowerCase();
    let group = groups.get(key);
    if (!group) {
      // The group is named as its first product (by title) spells the type.
      group = { key, label: type, products: [] };
      groups.set(key, group);
    }
    group.products.push(product);
  }
  return [...groups.values()].sort((a, b) => byText(a.label, b.label));
}
