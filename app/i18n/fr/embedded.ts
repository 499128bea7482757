import type { Resources } from "../en";

// Textes de l'app Shopify (embedded).
const embedded: Resources["embedded"] = {};

export default embedded;
