// Texts of messaging: SMS keyword replies and the tracked link pages (English).
const messaging = {
  sms: {
    optOutConfirmation:
      "You have been unsubscribed and will receive no more messages. Reply START to resubscribe.",
    optInConfirmation:
      "You have been resubscribed and will receive messages again. Reply STOP to unsubscribe.",
    helpDefault:
      "{{company}}: for help, visit {{url}}. Reply STOP to unsubscribe, START to resubscribe. Msg & data rates may apply.",
  },
  link: {
    notFoundTitle: "This link does not exist",
    notFoundBody:
      "The link you followed may have been mistyped, or it is no longer available. Check the message it came in and try again.",
    pageTitle: "Link not found",
  },
};

export default messaging;
