import type timelineEn from "../en/timeline";

// Texts of the contact timeline and SMS consent cards (French); the same keys as the English file.
const timeline: typeof timelineEn = {
  title: "Historique",
  empty: "Rien ne s'est encore passé avec ce contact.",
  emptyHelp:
    "Associez le contact à un produit pour l'inscrire à son parcours ; les messages, clics, commandes de la boutique et consentements s'affichent ici.",
  showing: "Les {{count}} derniers événements",
  enrolled: "Inscrit au parcours {{product}}",
  enrollmentEnded: "A quitté le parcours {{product}}",
  message: "Message {{channel}} · {{touchpoint}}",
  testMessage: "Message {{channel}} de test · {{touchpoint}}",
  messageNoTouchpoint: "Message {{channel}}",
  click: "A cliqué sur le lien de {{touchpoint}}",
  clickNoTouchpoint: "A cliqué sur un lien suivi",
  optIn: "A accepté de recevoir des SMS ({{source}})",
  optOut: "S'est désabonné des SMS ({{source}})",
  keyword: "a répondu {{keyword}}",
  order: "Commande {{name}} · {{total}}",
  orderAttributedTo: "Attribuée à {{touchpoint}}",
  orderNotAttributed: "Attribuée à aucun point de contact",
  orderCancelled: "Annulée dans la boutique : non comptée dans le chiffre d'affaires",
  channels: { sms: "SMS", whatsapp: "WhatsApp", email: "e-mail" },
  // Pourquoi un message n'est pas parti, pour des raisons d'envoi plutôt que de parcours
  // (journeys.detail.reasons a les autres).
  reasons: {
    // WhatsApp through a company's own Meta account (app/domain/whatsapp/sending.server.ts).
    whatsapp_outside_window:
      "Non envoyé : un message WhatsApp libre ne peut partir que dans les 24 heures suivant le dernier message WhatsApp du contact ; utilisez un modèle approuvé",
    whatsapp_template_unusable:
      "Non envoyé : le modèle WhatsApp du point de contact n'est pas approuvé ou n'existe plus ; synchronisez les modèles et choisissez-en un autre",
    unknown_outcome:
      "Non confirmé : le fournisseur n'a pas dit s'il avait pris le message, il n'a donc pas été renvoyé (le contact l'a peut-être reçu)",
    send_failed: "Non envoyé : le fournisseur l'a refusé",
    send_retrying: "Pas encore envoyé : le fournisseur n'a pas pu le prendre, il sera réessayé",
    account_suspended: "Non envoyé : le compte de l'entreprise est suspendu",
  },
  errorId: "identifiant d'erreur {{errorId}}",
  statuses: {
    queued: "En attente",
    sending: "Envoi en cours",
    sent: "Envoyé",
    delivered: "Remis",
    failed: "Échec",
    undelivered: "Non remis",
    suppressed: "Non envoyé",
  },
  sources: {
    form: "formulaire d'inscription",
    checkout: "paiement",
    keyword: "réponse SMS",
    admin: "enregistré par un membre de l'équipe",
    import: "import",
    shopify: "Shopify",
    shopify_automatic: "inscription automatique aux messages non commerciaux de la boutique Shopify",
  },
  collectedFrom: {
    shopify:
      "Recueilli par Shopify : au paiement, dans le compte du client ou dans l'administration de la boutique",
    other: "Recueilli par une autre application ou un import dans la boutique",
    unknown: "Recueilli depuis {{value}}",
  },
  consent: {
    title: "Consentement SMS",
    opted_in: "A accepté de recevoir des SMS",
    none: "Aucun consentement SMS enregistré",
    opted_out: "Désabonné des SMS",
    non_commercial: "Messages non commerciaux uniquement",
    noneHelp:
      "Les parcours n'envoient des SMS et messages WhatsApp qu'aux contacts dont le consentement est enregistré.",
    optedOutHelp:
      "Ce contact a répondu STOP ou a été désabonné. Seul le contact peut se réabonner, en répondant START.",
    optedInHelp: "Les messages des parcours par SMS et WhatsApp peuvent être envoyés à ce contact.",
    nonCommercialHelp:
      "Cet acheteur de la boutique n'a pas donné de consentement marketing et a été ajouté par l'inscription automatique aux messages non commerciaux : seuls les messages non commerciaux des parcours (comme les guides d'installation) lui sont envoyés.",
    record: "Enregistrer le consentement SMS",
    modalTitle: "Enregistrer le consentement SMS",
    modalBody:
      "N'enregistrez le consentement que si le contact a accepté de recevoir des SMS marketing de votre entreprise, et indiquez comment.",
    textLabel: "Comment le contact a-t-il accepté ?",
    textHelp: "Par exemple : les termes du formulaire papier signé en magasin le 3 mars.",
    confirm: "Enregistrer le consentement",
    recorded: "Consentement SMS enregistré",
    required: "Indiquez comment le contact a accepté.",
    optedOutRefused:
      "Ce contact s'est désabonné des SMS. Seul le contact peut se réabonner, en répondant START.",
    tooLong: "Restez sous 1 000 caractères.",
  },
};

export default timeline;
