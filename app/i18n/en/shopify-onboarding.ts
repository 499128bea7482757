// Texts of the Shopify app (shopify-onboarding), English. Spec texts are word for word.
const shopifyOnboarding = {
  install: {
    title: "Connect your Shopify store",
    missingParams:
      "This page is opened by Shopify when you install the app. Open the app from your Shopify admin to connect your store.",
    badShop: "This link does not name a Shopify store: a store address ends with .myshopify.com.",
    badHmac:
      "This install link is not signed by Shopify, or it has expired. Open the app again from your Shopify admin.",
    rateLimited:
      "Too many attempts from your network. Wait a few minutes, then open the app again from Shopify.",
    bot: "Automated requests cannot install the app. Open it from your Shopify admin in a browser.",
    notConfigured: "The Shopify integration is not configured on this server.",
  },
  redirect: {
    checking: "Please wait. We’re checking!",
    continue: "Continue",
    replayed:
      "This Shopify sign-in has already been used or has expired. Open the app again from your Shopify admin.",
    forged: "We could not verify this answer from Shopify. Open the app again from your Shopify admin.",
    exchangeFailed: "Shopify did not accept this sign-in. Open the app again from your Shopify admin.",
    signInToConnect: "Sign in or create an account to connect your Shopify store.",
  },
  link: {
    title: "Select organization to connect your Shopify store",
    storeLine: "Store: {{store}}",
    noOrganizations: "You don't belong to an organization yet. Create one for your store.",
    connectedToStore: "{{company}} is already connected to a store",
    adminOnly: "Only a company admin can connect {{company}} to a store",
    chooseOrganization: "Please select an organization",
    skip: "Skip",
    createOrganization: "Create Organization",
    continue: "Continue",
    createTitle: "Create a new Organization",
    companyName: "Company Name",
    companyUrl: "Company URL",
    cancel: "Cancel",
    storeTaken: "This store is already connected to an organization.",
    companyHasStore: "This organization is already connected to another Shopify store.",
    notAdmin: "Only a company admin can connect this organization to a store.",
  },
  request: {
    title: "You are not authorized to access this organization!",
    organization: "Organization: {{company}}",
    store: "Store: {{store}}",
    help: "Please request admin to grant access.",
    requestAccess: "Request Access",
    skip: "Skip",
    sent: "Your request sent successfully!",
    sentHelp: "We will notify you via email once admin approves your request.",
    createOrJoin: "Want to create your own organization or join existing one?",
    continue: "Continue",
    denied: "Admin denied your request to join organization.",
    deniedHelp: "Reach out to your admin staff for more details",
  },
  stepper: {
    welcomeTitle: "Welcome to the product",
    welcomeBody:
      "You're in! Let's get you started with the best 5-star unboxing experiences for your customers.",
    continue: "Continue",
    connected: "Connected with {{store}} Shopify store",
    intro:
      "Pick the products your customers buy. We create each one here with a starter journey for you to review before anything is sent.",
    search: "Search products",
    fetching: "Fetching your products…",
    empty: "No products found in your store!",
    noMatch: "No products match your search.",
    selected: "{{count}} selected",
    submit: "Submit",
    logout: "Logout",
    other: "Other",
    notAdmin: "Only a company admin of {{company}} can pick the store's products.",
    tooMany: "Pick at most 250 products at a time.",
  },
  thankYou: {
    title: "Got it! Our team is building your product journeys for your approval.",
    body: "We will email you to schedule a review with our delivery team. Questions? Write to {{email}}.",
    logout: "Log out",
  },
  welcome: {
    title: "Welcome to the product!",
    body: "Let's review your brand new product journeys.",
    continue: "Continue",
  },
  toasts: {
    organizationCreated: "Organization created successfully!",
    storeConnected: "Your store is connected to {{company}}.",
    somethingWentWrong: "Something went wrong!",
    requestSubmitted: "Your request has been submitted",
  },
  admin: {
    lockedLabel: "{{company}}: store locked. Unlock",
    unlockedLabel: "{{company}}: store unlocked. Lock",
    unlockTitle: "Sure you want to unlock this account?",
    unlockBody: "Once you unlock, the customer will receive access to the platform as per plan selected",
    lockTitle: "Sure you want to lock this account?",
    lockBody:
      "Once you lock, the customer's users only see the store onboarding until you unlock the account.",
    confirmUnlock: "Unlock",
    confirmLock: "Lock",
    cancel: "Cancel",
    unlocked: "Account unlocked.",
    locked: "Account locked.",
    failed: "something went wrong",
  },
};

export default shopifyOnboarding;
