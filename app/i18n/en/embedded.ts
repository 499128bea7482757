// Texts of the Shopify app (embedded), English. Spec texts are word for word.
const embedded = {
  pageTitle: "{{product}} in Shopify",
  noEmailTitle: "Shopify did not tell us who you are",
  noEmailBody:
    "Your Shopify staff account has no email address we can read, so {{product}} cannot open for you. Ask the store owner to check your staff account in Shopify.",
  emailUnverifiedTitle: "Verify your email address in Shopify first",
  emailUnverifiedBody:
    "A {{product}} account already uses the email address of your Shopify staff account, and Shopify has not verified that address yet. Verify it in your Shopify account settings, then open {{product}} again.",
  authNotConfigured:
    "The Shopify integration is not configured on this server. Set SHOPIFY_API_KEY and SHOPIFY_API_SECRET and restart the server.",
  downloadFailed: "The file could not be downloaded. Try again.",
};

export default embedded;
