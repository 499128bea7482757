// Texts of the WhatsApp integration: its view, the guide and the webhook details (issue 16) (English).
// Spec texts (spec 3 sections 2.5, 5.5 and 8) are word for word.
const whatsapp = {
  title: "WhatsApp Integration",
  cardOpen: "Open the WhatsApp integration",
  guidance:
    "Send your journey messages on WhatsApp from your own business number. You need a Meta business account with the WhatsApp product: connect it below, then paste the webhook details into your Meta app so replies, opt-outs and delivery receipts come back here.",
  noAccount: "No, I don't have a Meta Account",
  hasAccount: "Yes, I do have a Meta Account",
  step1: "Step 1",
  step1Title: "Enter your WhatsApp Business details",
  step2: "Step 2",
  step2Title: "Set up the webhook in your Meta app",
  step2Body:
    "In your Meta app, open WhatsApp > Configuration, choose Edit under Webhook, paste the callback URL and the verify token below, then Verify and save. Subscribe to the messages field. Then check it here with 'Verify & Save'.",
  fields: {
    phoneNumber: "Phone Number",
    phoneNumberHelp: "Your WhatsApp business number, digits only with the country code (10 to 13 digits).",
    phoneNumberId: "Phone Number ID",
    businessAccountId: "WhatsApp Business Account ID",
    authToken: "Authentication Token",
    authTokenHelp: "A permanent token of a system user of your business.",
    appSecret: "App Secret",
    appSecretHelp:
      "In your Meta app: App settings > Basic. It lets us check that webhooks really come from Meta.",
    webhookUrl: "Callback URL",
    verifyToken: "Verify token",
  },
  validation: {
    phoneRequired: "Please enter Phone Number",
    phoneInvalid: "Please enter valid Phone Number",
    phoneNumberIdRequired: "Please enter Phone Number ID",
    businessAccountIdRequired: "Please enter WhatsApp Business Account ID",
    authTokenRequired: "Please enter Authentication Token",
    appSecretRequired: "Please enter App Secret",
  },
  verifyAndContinue: "Verify & Continue",
  verifyAndSave: "Verify & Save",
  copy: "Copy",
  copied: "Copied",
  saved: "Your details are saved successfully",
  notCorrect: "Details are not correct",
  numberTaken: "This Phone Number ID is already connected to another company.",
  numberNotInAccount:
    "This Phone Number ID is not one of the numbers of that WhatsApp Business Account. Check both IDs in Meta's WhatsApp Manager.",
  businessAccountTaken: "This WhatsApp Business Account ID is already connected to another company.",
  verified: "Verified successfully!",
  verificationFailed: "Verification failed!",
  somethingWrong: "Something went wrong!",
  webhookVerified: "Webhook verified",
  webhookNotVerified: "Webhook not verified yet",
  locked: "These details are saved. Contact support to connect another number.",
  readOnly: "Read-only admins can see this integration but not change it.",
  templates: {
    title: "Message templates",
    body: "Meta delivers business-initiated messages only with an approved template. Journeys' WhatsApp touchpoints can use the approved templates of your account.",
    sync: "Sync templates",
    synced: "Templates synced: {{approved}} approved of {{total}}.",
    syncFailed: "The templates could not be synced. Try again later.",
    lastSynced: "Last synced {{time}}",
    never: "Not synced yet",
    approvedCount: "{{count}} approved templates",
  },
  touchpoint: {
    template: "WhatsApp template",
    freeText: "Free text (no template)",
    freeTextHelp:
      "Meta delivers free text only within 24 hours of the contact's last WhatsApp message; otherwise it is not sent. Choose an approved template to reach every contact.",
    templateHelp:
      "An approved template of your WhatsApp account: its text is Meta's and cannot be changed here.",
    language: "Language: {{language}}",
    parameter: "{{placeholder}} is",
    sources: {
      first_name: "First name",
      last_name: "Last name",
      full_name: "Full name",
      email: "Email",
      phone: "Phone",
      company: "Company",
      LINK: "The tracked link",
    },
  },
  guide: {
    title: "Create your Meta account, step by step",
    previous: "Previous",
    next: "Next",
    counter: "Step {{current}} of {{total}}",
    slides: {
      businessAccount: {
        title: "Create a Meta business account",
        body: "Go to business.facebook.com and create a business account with your company's legal name and address.",
      },
      developerApp: {
        title: "Create an app",
        body: "Go to developers.facebook.com, choose My Apps > Create App, pick the Business type and link it to your business account.",
      },
      addWhatsApp: {
        title: "Add WhatsApp to the app",
        body: "On the app's dashboard, find WhatsApp under Add products to your app and click Set up.",
      },
      phoneNumber: {
        title: "Add your business phone number",
        body: "In WhatsApp > API Setup, choose Add phone number, enter your business number and verify it with the code Meta sends.",
      },
      copyIds: {
        title: "Copy the two ids",
        body: "Still in API Setup, copy the Phone Number ID and the WhatsApp Business Account ID of your number.",
      },
      systemUser: {
        title: "Create a system user",
        body: "In Business Settings > Users > System users, add an admin system user and give it your app and your WhatsApp account.",
      },
      token: {
        title: "Generate a permanent token",
        body: "Choose Generate new token for the system user, select your app and the whatsapp_business_messaging and whatsapp_business_management permissions, and copy the token.",
      },
      appSecret: {
        title: "Copy the app secret",
        body: "In your app, open App settings > Basic, choose Show next to App secret and copy it.",
      },
      connect: {
        title: "Connect it here",
        body: "Open 'Yes, I do have a Meta Account' on this page, enter the details, choose 'Verify & Continue', then set up the webhook.",
      },
    },
    art: {
      business: "Business",
      developers: "Developers",
      createApp: "Create App",
      setUp: "Set up",
      addPhone: "Add phone number",
      phoneNumberId: "Phone number ID",
      accountId: "WhatsApp Business Account ID",
      systemUsers: "System users",
      generateToken: "Generate new token",
      appSecret: "App secret",
      show: "Show",
      verifyAndContinue: "Verify & Continue",
    },
  },
};

export default whatsapp;
