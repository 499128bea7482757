import type { Resources } from "../en";

// Textes de l'app Shopify (integrations).
const integrations: Resources["integrations"] = {};

export default integrations;
