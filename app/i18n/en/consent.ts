// The consent text at checkout (spec 1 sections 2, 8, 9; spec 3 section 2.5). Spec texts word for word.
const consent = {
  editButton: "Edit checkout consent text",
  // Read-only admins open the same modal to read the text.
  viewButton: "View checkout consent text",
  guideButton: "Add it to your checkout",
  // Spec 1 section 8, kept as written.
  saved: "Concent Text Saved successfully!",
  saveFailed: "Something went wrong, please try again!.",
  notConnected: "Your Shopify store is no longer connected. Connect it again to edit the consent text.",
  modal: {
    title: "Checkout consent text",
    intro:
      "Shown at checkout by the {{product}} SMS consent block, under the contact details, with Shopify's SMS marketing checkbox. The consent a buyer gives there is recorded by Shopify and added to the contact we create from the order.",
    titleLabel: "Title",
    titleHelp: "The label of the checkbox, on one line.",
    textLabel: "Consent text",
    textHelp:
      "Say that buyers agree to receive recurring automated marketing texts, that consent is not a condition of purchase, how often messages come, that message and data rates may apply, and that they can reply HELP for help and STOP to unsubscribe.",
    useDefault: "Use the default text",
    defaultShown: "Your checkout shows the default text until you save your own.",
    readOnly: "Read-only: you can see the consent text but not change it.",
    save: "Save",
    cancel: "Cancel",
  },
  guide: {
    title: "Add the SMS consent block to your checkout",
    intro:
      "The block shows your consent title and text with Shopify's SMS marketing checkbox, and asks for a phone number when the buyer has not given one. Add it once in the checkout editor:",
    steps: {
      settings: "In your Shopify admin, go to Settings > Checkout.",
      customize: "In the Configurations section, click Customize next to your checkout.",
      page: "In the page menu at the top of the editor, make sure Checkout is selected.",
      addBlock:
        "Click Add app block and choose SMS consent ({{product}}) under Apps for this page. It is placed after the contact details.",
      save: "Click Save. The block shows at checkout from then on.",
    },
    plusTitle: "Shopify Plus only",
    plusBody:
      "Shopify shows app blocks in the information, shipping and payment steps only to stores on Shopify Plus. On other plans the block cannot be added: turn on Shopify's own SMS sign-up checkbox (Settings > Checkout > Marketing options) and edit its wording with Go to SMS Consent Language. The consent it collects reaches {{product}} the same way.",
    openSettings: "Open checkout settings",
    close: "Close",
  },
  validation: {
    titleRequired: "Enter a title.",
    titleTooLong: "The title can be at most 150 characters.",
    titleOneLine: "The title must fit on one line.",
    textRequired: "Enter the consent text.",
    textTooLong: "The consent text can be at most 1000 characters.",
  },
};

export default consent;
