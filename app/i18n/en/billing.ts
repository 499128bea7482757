// Texts of the Billing tab, /responsive-billingpage and the public billing pages (English). The
// spec's texts are word for word (spec 2 sections 2, 4, 6, 8 and 9; spec 1 sections 4 and 9).
const billing = {
  title: "Billing",
  manual: {
    title: "Billing",
    body: "Billing for this company is handled by our team, not online. For plan changes, invoices or payment questions, write to our billing team:",
  },
  noPlanSelected: "No plan selected!",
  noStatistics: "No statistics found!",
  viewMoreUsage: "View more usage data",
  currentPlan: "Current plan",
  currentPlanBadge: "Current plan",
  yourPlan: "Your plan: {{plan}}",
  choosePlan: "Choose your plan",
  sliderLabel: "Messages per month",
  selectPlan: "Select Plan",
  contactSales: "Contact Sales",
  reachOutSupport: "Please reach out to {{product}} support team",
  connectSupport: "Connect {{product}} support to select this plan",
  perMonth: "{{price}} / month",
  perYear: "{{price}} / year",
  messages: "{{amount}} messages a month",
  customers: "{{amount}} customers",
  volume: "Volume",
  groups: {
    Lite: "Lite",
    Standard: "Standard",
    Pro: "Pro",
  },
  groupCustomers: {
    Lite: "1 to 1,000 customers",
    Standard: "1,000 to 25,000 customers",
    Pro: "25,000+ customers",
  },
  manageBilling: "Manage billing",
  manageBillingHelp: "Update your card and download invoices in the billing portal.",
  downgradeHelp: "To downgrade or cancel your plan, please reach out to {{product}} support team.",
  cardBilling: {
    notConfiguredTitle: "Card billing is not configured",
    notConfigured:
      "Card billing is not configured on this server: set STRIPE_SECRET_KEY to take payments. Plans and usage still show.",
    storeTitle: "Billing through the store",
    store:
      "Billing through the store is not connected: this company has no installed Shopify store. Install the app from the Integrations page to choose a plan.",
    storeNotConfiguredTitle: "The Shopify integration is not configured",
    storeNotConfigured:
      "The Shopify integration is not configured on this server: set SHOPIFY_API_KEY and SHOPIFY_API_SECRET to bill store plans through Shopify. Plans and usage still show.",
  },
  store: {
    billedThrough: "Your plan is billed through your Shopify store.",
    cancelPlan: "Cancel plan",
    cancelTitle: "Cancel your plan?",
    cancelBody:
      "Shopify stops charging your store for {{plan}} now. You can choose a plan again at any time.",
    keepPlan: "Keep plan",
    pending: "Your change to {{plan}} is waiting for your approval in Shopify.",
    approve: "Approve in Shopify",
    openingShopify: "Opening Shopify to approve the charge…",
  },
  costs: {
    title: "Cost per message",
    tier: "Messages",
    associated: "Associated",
    overage: "Overage",
    note: "USD per message. Overage applies to messages beyond the plan's monthly count.",
  },
  usage: {
    title: "Usage",
    periodStart: "Period start",
    periodEnd: "Period end",
    totalUsage: "Total usage",
    overageSms: "Overage SMS",
  },
  thankYou: "Thank you! Your subscription has been completed and your account is ready for use",
  getStarted: "Get Started",
  toasts: {
    planUpdated: "Your plan has been updated.",
    manualBilling: "Your plan is billed manually: please contact our billing team to change it.",
    failedToUpdatePlan: "Failed to update plan information.",
    planCancelled: "Plan cancelled successfully!",
    failedToFetchSession: "Failed to fetch session",
    failedRetrievingPlans: "Failed retrieving plans",
    notConfigured: "Card billing is not configured on this server. Set STRIPE_SECRET_KEY to take payments.",
    storeNotConnected: "Billing through the store is not connected yet.",
    storeNotConfigured:
      "The Shopify integration is not configured on this server (SHOPIFY_API_KEY, SHOPIFY_API_SECRET).",
    noStorePlan: "There is no store plan to cancel.",
  },
  public: {
    title: "Plans and pricing",
    intro:
      "Pick the monthly message volume that fits your customers. Every plan includes its messages; messages beyond them are billed at the overage rate.",
    plan: "Plan",
    messages: "Messages a month",
    customers: "Customers",
    monthly: "Monthly",
    yearly: "Yearly",
    associated: "Per message",
    overage: "Overage per message",
    notOffered: "—",
    notOfferedLabel: "Not offered",
    pricesInUsd: "Prices in USD. Customers are messages divided by 5.",
    signUp: "Create Account",
    callToAction: "Ready to start?",
  },
};

export default billing;
