// Texts of the Shopify app (integrations), English. Spec texts are word for word.
const integrations = {
  // Home (spec 3 section 2.5).
  title: "Integrations",
  subtitle: "Connect with other platforms to import contacts or add new channels.",
  active: "Active",
  cards: {
    shopify: {
      name: "Shopify",
      description: "Import your store's customers and orders, and collect SMS consent at checkout.",
      open: "Open the Shopify integration",
    },
    tritech: {
      name: "Tri-Tech",
      description: "Receive contract events from AIM and start your product journeys from them.",
    },
    whatsapp: {
      name: "WhatsApp",
      description: "Send your journey messages through your own WhatsApp Business account.",
    },
  },
  back: "Integrations",

  // Shopify view, connected.
  shopifyTitle: "Shopify Integration",
  connectedStore: "Connected store",
  goToStore: "Go to your Shopify store",
  tcpaTitle: "TCPA notice",
  tcpaBody:
    "The Telephone Consumer Protection Act (TCPA) requires a customer's express written consent before you send them marketing text messages. {{product}} sends marketing messages only to contacts who opted in, for example with the SMS opt-in checkbox at your Shopify checkout. Keep that checkbox turned on and its consent language clear.",
  setup: "Setup",
  setupBody:
    "Turn on the SMS opt-in checkbox of your Shopify checkout so customers can agree to receive text messages when they order.",
  optInCheckbox: "Opt-In Checkbox",
  status: {
    LOADING: "Loading",
    ENABLED: "Enabled",
    DISABLED: "Disabled",
    ERROR: "Error",
  },
  goToOptInSettings: "Go to SMS Opt-In Settings",
  refreshStatus: "Refresh Status",
  showMeHow: "Show me how",
  consentLanguage: "Consent Language",
  consentLanguageBody:
    "Customers see your consent language next to the checkbox. Make it say that they agree to receive recurring automated marketing texts, that consent is not a condition of purchase, and how to stop them.",
  goToConsentLanguage: "Go to SMS Consent Language",
  settings: "Settings",
  automaticOptIn: "Automatic Opt-in for Non-Commercial Messages",
  automaticOptInBody:
    "Customers who order without giving marketing consent are added as contacts and receive non-commercial messages only, such as order and shipping updates.",
  automaticOptInOn: "On",
  automaticOptInOff: "Off",
  automaticOptInAdminOnly: "Only {{product}} admins can change this setting.",
  automaticOptInConfirmOn:
    "Turn on Automatic Opt-in for Non-Commercial Messages? Customers who order without marketing consent will be added as contacts for non-commercial messages.",
  automaticOptInConfirmOff:
    "Turn off Automatic Opt-in for Non-Commercial Messages? Customers who order without marketing consent will no longer be added as contacts.",
  automaticOptInTurnedOn: "Automatic Opt-in for Non-Commercial Messages is on.",
  automaticOptInTurnedOff: "Automatic Opt-in for Non-Commercial Messages is off.",
  disconnectTitle: "Disconnect",
  disconnectBody:
    "Disconnecting cancels your Shopify plan for {{product}} and removes this store's product mappings. Your contacts, products and journeys stay.",
  disconnect: "Disconnect app",
  disconnectAdminOnly: "Only company admins can disconnect the app.",
  disconnectConfirm:
    "Are you sure you want to disconnect {{store}}? Your Shopify plan for {{product}} is cancelled and the store's product mappings are deleted.",
  disconnectConfirmTitle: "Disconnect app",
  disconnected: "{{product}} app disconnected successfully from shopify!",
  disconnectFailed:
    "Your Shopify plan could not be cancelled, so the app is still connected. Please try again.",
  notConnectedAnymore: "No Shopify store is connected to this organization.",

  // Shopify view, not connected.
  connectSteps: "Steps to connect to Shopify store",
  connectStep1: "Click 'Connect To Shopify' to open the {{product}} app in the Shopify App Store.",
  connectStep2: "Install the app on your store and approve the access it asks for.",
  connectStep3:
    "Choose this organization when {{product}} asks which one to link, and your store is connected.",
  connect: "Connect To Shopify",

  // 'Show me how' (8 slides).
  howTo: {
    title: "Turn on the SMS Opt-In checkbox",
    previous: "Previous",
    next: "Next",
    done: "Done",
    counter: "{{current}} of {{total}}",
    keyboardHint: "Use the left and right arrow keys to move between slides.",
    art: {
      home: "Home",
      orders: "Orders",
      products: "Products",
      customers: "Customers",
      settings: "Settings",
      general: "General",
      payments: "Payments",
      checkout: "Checkout",
      notifications: "Notifications",
      marketingOptions: "Marketing options",
      email: "Email",
      sms: "SMS",
      customizeLabels: "Customize sign-up labels",
      unsaved: "Unsaved changes",
      save: "Save",
      contact: "Contact",
      phone: "Mobile phone number",
      textMe: "Text me with news and offers",
      payNow: "Pay now",
    },
    slides: {
      openAdmin: {
        title: "Open your Shopify admin",
        body: "Sign in to your store's admin and click Settings at the bottom of the left menu.",
      },
      openCheckout: {
        title: "Open Checkout",
        body: "In the settings list, click Checkout.",
      },
      findMarketing: {
        title: "Find Marketing options",
        body: "Scroll down to the Marketing options section, where customers' sign-up choices at checkout are set.",
      },
      turnOnSms: {
        title: "Turn on SMS",
        body: "Check SMS. Customers who enter a phone number at checkout can now agree to receive text messages.",
      },
      consentLanguage: {
        title: "Check the consent language",
        body: "Click Customize sign-up labels to edit the checkbox label and the consent text shown under it.",
      },
      save: {
        title: "Save",
        body: "Click Save at the top of the page. The change applies to your checkout right away.",
      },
      tryCheckout: {
        title: "Try your checkout",
        body: "Add a product to the cart in your store and go to checkout: after a phone number is entered, the SMS checkbox appears.",
      },
      refresh: {
        title: "Refresh the status here",
        body: "Come back to this page and click Refresh Status. The Opt-In Checkbox shows Enabled.",
      },
    },
  },
};

export default integrations;
