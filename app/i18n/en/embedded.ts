// Texts of the Shopify app (embedded), English. Spec texts are word for word.
const embedded = {};

export default embedded;
