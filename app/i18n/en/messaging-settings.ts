// Texts of the messaging settings card (Settings, Organization tab), English.
const messagingSettings = {
  title: "Messaging",
  description:
    "Quiet hours keep marketing SMS and WhatsApp messages from going out between 21:00 and 08:00 in the contact's time zone. When a contact's phone number does not tell their time zone, this one is used.",
  timeZone: "Time zone",
  helpText: "Reply to HELP",
  helpTextHelp: "What a contact receives when they text HELP. Leave empty for: {{example}}",
  edit: "Edit messaging settings",
  save: "Save",
  saved: "Messaging settings saved",
  timeZoneInvalid: "Choose a time zone from the list.",
  helpTextTooLong: "Keep the reply under 320 characters.",
};

export default messagingSettings;
