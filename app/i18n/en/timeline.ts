// Texts of the contact timeline and SMS consent cards on the contact detail page (English).
const timeline = {
  title: "Timeline",
  empty: "Nothing has happened with this contact yet.",
  emptyHelp:
    "Link the contact to a product to enroll them in its journey; messages, clicks, store orders and consent show here.",
  showing: "The latest {{count}} events",
  enrolled: "Enrolled in the {{product}} journey",
  enrollmentEnded: "Left the {{product}} journey",
  message: "{{channel}} message · {{touchpoint}}",
  testMessage: "Test {{channel}} message · {{touchpoint}}",
  messageNoTouchpoint: "{{channel}} message",
  click: "Clicked the link of {{touchpoint}}",
  clickNoTouchpoint: "Clicked a tracked link",
  optIn: "Agreed to receive SMS ({{source}})",
  optOut: "Opted out of SMS ({{source}})",
  keyword: "replied {{keyword}}",
  // A store order of the contact (issue 14): its name (#1001), total in the shop's currency, and the
  // touchpoint whose tracked link the contact clicked last before it, within the attribution window.
  order: "Order {{name}} · {{total}}",
  orderAttributedTo: "Attributed to {{touchpoint}}",
  orderNotAttributed: "Not attributed to a touchpoint",
  orderCancelled: "Cancelled in the store: not counted as revenue",
  channels: { sms: "SMS", whatsapp: "WhatsApp", email: "Email" },
  // Why a message was not sent, for reasons of the sender rather than of the journey
  // (journeys.detail.reasons has the others).
  reasons: {
    // WhatsApp through a company's own Meta account (app/domain/whatsapp/sending.server.ts).
    whatsapp_outside_window:
      "Not sent: a free-text WhatsApp message can only go within 24 hours of the contact's last WhatsApp message; use an approved template",
    whatsapp_template_unusable:
      "Not sent: the touchpoint's WhatsApp template is not approved or no longer exists; sync the templates and choose another",
    unknown_outcome:
      "Not confirmed: the provider did not answer whether it took the message, so it was not sent again (the contact may have received it)",
    send_failed: "Not sent: the provider refused it",
    send_retrying: "Not sent yet: the provider could not take it, it will be tried again",
    account_suspended: "Not sent: the company's account is suspended",
  },
  errorId: "error id {{errorId}}",
  statuses: {
    queued: "Queued",
    sending: "Sending",
    sent: "Sent",
    delivered: "Delivered",
    failed: "Failed",
    undelivered: "Undelivered",
    suppressed: "Not sent",
  },
  sources: {
    form: "sign-up form",
    checkout: "checkout",
    keyword: "SMS reply",
    admin: "recorded by a team member",
    import: "import",
    shopify: "Shopify",
    shopify_automatic: "Shopify store's Automatic Opt-in for Non-Commercial Messages",
  },
  // Where Shopify collected a consent it told us of (its consent_collected_from), shown under it.
  collectedFrom: {
    shopify: "Collected by Shopify: at checkout, in the customer's account or in the store's admin",
    other: "Collected by another app or an import into the store",
    unknown: "Collected from {{value}}",
  },
  consent: {
    title: "SMS consent",
    opted_in: "Agreed to receive SMS",
    none: "No SMS consent recorded",
    opted_out: "Opted out of SMS",
    non_commercial: "Non-commercial messages only",
    noneHelp: "Journeys send SMS and WhatsApp messages only to contacts whose consent is recorded.",
    optedOutHelp:
      "This contact replied STOP or was opted out. Only the contact can opt back in, by replying START.",
    optedInHelp: "Journey messages by SMS and WhatsApp can go to this contact.",
    nonCommercialHelp:
      "This store buyer gave no marketing consent and was added by the store's Automatic Opt-in for Non-Commercial Messages: only the journeys' non-commercial messages (such as setup guides) go to them.",
    record: "Record SMS consent",
    modalTitle: "Record SMS consent",
    modalBody:
      "Record consent only when the contact agreed to receive marketing text messages from your company, and say how.",
    textLabel: "How did the contact agree?",
    textHelp: "For example: the words of the paper form they signed at the store on 3 March.",
    confirm: "Record consent",
    recorded: "SMS consent recorded",
    required: "Say how the contact agreed.",
    optedOutRefused: "This contact opted out of SMS. Only the contact can opt back in, by replying START.",
    tooLong: "Keep it under 1,000 characters.",
  },
};

export default timeline;
