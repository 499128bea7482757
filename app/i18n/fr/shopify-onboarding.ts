import type { Resources } from "../en";

// Textes de l'app Shopify (shopify-onboarding).
const shopifyOnboarding: Resources["shopifyOnboarding"] = {};

export default shopifyOnboarding;
