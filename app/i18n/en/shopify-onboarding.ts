// Texts of the Shopify app (shopify-onboarding), English. Spec texts are word for word.
const shopifyOnboarding = {};

export default shopifyOnboarding;
