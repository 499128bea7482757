// Texts of the Shopify app (integrations), English. Spec texts are word for word.
const integrations = {};

export default integrations;
