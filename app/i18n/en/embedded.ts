// Texts of the Shopify app (embedded), English. Spec texts are word for word.
const embedded = {
  pageTitle: "{{product}} in Shopify",
  noEmailTitle: "Shopify did not tell us who you are",
  noEmailBody:
    "Your Shopify staff account has no email address we can read, so {{product}} cannot open for you. Ask the store owner to check your staff account in Shopify.",
  emailUnverifiedTitle: "Verify your email address in Shopify first",
  emailUnverifiedBody:
    "Shopify has not verified the email address of your Shopify staff account yet, and {{product}} opens only for a verified address, so that nobody can use someone else's. Verify it in your Shopify account settings (Shopify emails you a link), then open {{product}} again.",
  removedTitle: "You are no longer on this store's team",
  removedBody:
    "You were removed from (or left) the team of this store's company in {{product}}, so opening the app does not add you again. Ask a company admin to invite you again (Settings, Users); then open {{product}} again.",
  authNotConfigured:
    "The Shopify integration is not configured on this server. Set SHOPIFY_API_KEY and SHOPIFY_API_SECRET and restart the server.",
  downloadFailed: "The file could not be downloaded. Try again.",
};

export default embedded;
