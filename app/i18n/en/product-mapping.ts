// Texts of /product-mapping (spec 2 sections 2, 5, 8 and 9), English. Spec texts are word for word.
const productMapping = {
  title: "Product Mapping",
  back: "Back to products",
  tabs: { shopify: "Shopify", tritech: "Tri-Tech" },

  // Shopify tab.
  shopifyHeading: "Shopify product mapping",
  shopifyIntro:
    "Map your {{product}} products to the products and variants of your Shopify store: a buyer of a mapped variant joins the product's journey.",
  learnHow: "Learn how",
  syncNow: "Sync Now",
  syncSuccess: "All the latest shopify products fetched successfully!",
  syncFailed: "The products of your store could not be fetched: {{reason}}",
  syncStarted: "Fetching the latest products of your store…",
  syncProgress:
    "Fetching the latest products of your store: {{products}} products, {{variants}} variants so far",
  lastSynced: "Store products last fetched",
  neverSynced: "Your store's products have not been fetched yet: press Sync Now.",
  columns: { product: "{{product}} product", shopify: "Shopify products", edit: "Edit" },
  noProductMapped: "No product mapped yet!",
  noProducts: "No products found!",
  variantsOf: "{{mapped}} of {{total}} variants",
  variantsMapped_one: "{{count}} variant",
  variantsMapped_other: "{{count}} variants",
  notInCatalogue: "A product not fetched yet ({{id}})",
  moreMapped: "and {{count}} more",
  edit: "Edit the mapping of {{name}}",
  shopifyNotConnectedTitle: "Shopify is not connected",
  shopifyNotConnectedBody:
    "Connect your Shopify store on the Integrations page to map your products to the products of your store.",
  tritechNotConnectedTitle: "Tri-Tech is not connected",
  tritechNotConnectedBody:
    "Connect Tri-Tech on the Integrations page to map your products to Tri-Tech categories and subcategories.",
  goToIntegrations: "Go to Integrations",

  // The edit modal.
  modalTitle: "Map {{name}} with Shopify products",
  search: "Search products",
  selectAll: "Select all",
  other: "other",
  selectedCount_one: "{{count}} variant selected",
  selectedCount_other: "{{count}} variants selected",
  mappedElsewhere: "Mapped to {{name}}: uncheck it there first",
  loadMore: "Show more products",
  noData: "No data found!",
  selectAtLeastOne: "Please select at least one shopify product to map with {{product}} product",
  next: "Next",
  selectAllTruncated: "Only the first {{count}} variants were selected: search to narrow the list.",

  // The status modal and the outcome.
  statusTitle: "Review the mapping of {{name}}",
  statusSummary: "{{adding}} adding, {{removing}} removing, {{unchanged}} unchanged",
  status: { adding: "Adding", removing: "Removing", unchanged: "Unchanged" },
  statusColumns: { product: "Shopify product", variant: "Variant", status: "Status" },
  statusMore: "and {{count}} more",
  save: "Save",
  statusBack: "Back",
  mappedSuccessfully: "Mapped successfully!",
  mappedBody: "Buyers of the mapped variants now join the journey of {{name}}.",
  unmappedBody: "{{name}} is not mapped to any Shopify product anymore.",
  done: "Done",
  variantTaken: "{{variant}} of {{storeProduct}} is mapped to {{name}}: uncheck it there first.",
  unknownVariants:
    "Some selected variants are no longer in your store's products: press Sync Now and try again.",
  productGone: "This product does not exist anymore.",
  somethingWrong: "Something went wrong!",

  // The three-step tour (spec 2 section 9: 33, 66 and 100 percent).
  tourTitle: "How product mapping works",
  tourStep: "Step {{step}} of {{count}}",
  tourSteps: {
    sync: {
      title: "Fetch your store's products",
      body: "Press Sync Now to fetch the latest products and variants of your Shopify store.",
    },
    pick: {
      title: "Pick the Shopify products",
      body: "Press the pen beside a {{product}} product and check the Shopify products and variants it stands for. A variant belongs to one product at a time.",
    },
    save: {
      title: "Review and save",
      body: "See which variants are Adding, Removing or Unchanged, then save. A buyer of a mapped variant joins the product's journey.",
    },
  },
  tourBack: "Back",
  tourNext: "Next",
  tourDone: "Done",
};

export default productMapping;
