// Texts shared by every Shopify surface (English). Spec texts are word for word.
const shopify = {
  notConfiguredTitle: "Shopify is not configured on this server",
  notConfiguredBody:
    "The Shopify integration is not configured on this server. Set {{variables}} and restart the server to connect stores.",
};

export default shopify;
