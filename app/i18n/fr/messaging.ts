import type messagingEn from "../en/messaging";

// Texts of messaging: SMS keyword replies and the tracked link pages (French); the same keys as the English file.
const messaging: typeof messagingEn = {
  sms: {
    optOutConfirmation:
      "Vous êtes désabonné et ne recevrez plus de messages. Répondez START pour vous réabonner.",
    optInConfirmation:
      "Vous êtes réabonné et recevrez à nouveau nos messages. Répondez STOP pour vous désabonner.",
    helpDefault:
      "{{company}} : pour obtenir de l'aide, rendez-vous sur {{url}}. Répondez STOP pour vous désabonner, START pour vous réabonner. Des frais de messagerie peuvent s'appliquer.",
  },
  link: {
    notFoundTitle: "Ce lien n'existe pas",
    notFoundBody:
      "Le lien que vous avez suivi est peut-être mal saisi, ou il n'est plus disponible. Vérifiez le message dont il provient et réessayez.",
    pageTitle: "Lien introuvable",
  },
};

export default messaging;
