import type billingEn from "../en/billing";

// Textes de l'onglet Facturation, de /responsive-billingpage et des pages publiques de tarifs.
const billing: typeof billingEn = {
  title: "Facturation",
  manual: {
    title: "Facturation",
    body: "La facturation de cette entreprise est gérée par notre équipe, pas en ligne. Pour un changement de forfait, une facture ou une question de paiement, écrivez à notre équipe de facturation :",
  },
  noPlanSelected: "Aucun forfait sélectionné !",
  noStatistics: "Aucune statistique trouvée !",
  viewMoreUsage: "Voir plus de données d'utilisation",
  currentPlan: "Forfait actuel",
  currentPlanBadge: "Forfait actuel",
  yourPlan: "Votre forfait : {{plan}}",
  choosePlan: "Choisissez votre forfait",
  sliderLabel: "Messages par mois",
  selectPlan: "Choisir ce forfait",
  contactSales: "Contacter les ventes",
  reachOutSupport: "Veuillez contacter l'équipe d'assistance {{product}}",
  connectSupport: "Contactez l'assistance {{product}} pour choisir ce forfait",
  perMonth: "{{price}} / mois",
  perYear: "{{price}} / an",
  messages: "{{amount}} messages par mois",
  customers: "{{amount}} clients",
  volume: "Volume",
  groups: {
    Lite: "Lite",
    Standard: "Standard",
    Pro: "Pro",
  },
  groupCustomers: {
    Lite: "De 1 à 1 000 clients",
    Standard: "De 1 000 à 25 000 clients",
    Pro: "Plus de 25 000 clients",
  },
  manageBilling: "Gérer la facturation",
  manageBillingHelp: "Mettez à jour votre carte et téléchargez vos factures dans le portail de facturation.",
  downgradeHelp:
    "Pour passer à un forfait inférieur ou résilier, veuillez contacter l'équipe d'assistance {{product}}.",
  cardBilling: {
    notConfiguredTitle: "Le paiement par carte n'est pas configuré",
    notConfigured:
      "Le paiement par carte n'est pas configuré sur ce serveur : définissez STRIPE_SECRET_KEY pour encaisser les paiements. Les forfaits et l'utilisation restent affichés.",
    storeTitle: "Facturation par la boutique",
    store:
      "La facturation par la boutique n'est pas connectée : cette entreprise n'a pas de boutique Shopify installée. Installez l'application depuis la page Intégrations pour choisir un forfait.",
    storeNotConfiguredTitle: "L'intégration Shopify n'est pas configurée",
    storeNotConfigured:
      "L'intégration Shopify n'est pas configurée sur ce serveur : définissez SHOPIFY_API_KEY et SHOPIFY_API_SECRET pour facturer les forfaits de boutique par Shopify. Les forfaits et l'utilisation restent affichés.",
  },
  store: {
    billedThrough: "Votre forfait est facturé par votre boutique Shopify.",
    cancelPlan: "Résilier le forfait",
    cancelTitle: "Résilier votre forfait ?",
    cancelBody:
      "Shopify cesse dès maintenant de facturer {{plan}} à votre boutique. Vous pouvez choisir un forfait à tout moment.",
    keepPlan: "Garder le forfait",
    pending: "Votre passage à {{plan}} attend votre approbation dans Shopify.",
    approve: "Approuver dans Shopify",
    openingShopify: "Ouverture de Shopify pour approuver le paiement…",
  },
  costs: {
    title: "Coût par message",
    tier: "Messages",
    associated: "Associé",
    overage: "Dépassement",
    note: "USD par message. Le dépassement s'applique aux messages au-delà du volume mensuel du forfait.",
  },
  usage: {
    title: "Utilisation",
    periodStart: "Début de période",
    periodEnd: "Fin de période",
    totalUsage: "Utilisation totale",
    overageSms: "SMS en dépassement",
  },
  thankYou: "Merci ! Votre abonnement est finalisé et votre compte est prêt à l'emploi",
  getStarted: "Commencer",
  toasts: {
    planUpdated: "Votre forfait a été mis à jour.",
    manualBilling:
      "Votre forfait est facturé manuellement : contactez notre équipe de facturation pour le modifier.",
    failedToUpdatePlan: "Échec de la mise à jour du forfait.",
    planCancelled: "Forfait résilié avec succès !",
    failedToFetchSession: "Impossible de récupérer la session",
    failedRetrievingPlans: "Impossible de récupérer les forfaits",
    notConfigured:
      "Le paiement par carte n'est pas configuré sur ce serveur. Définissez STRIPE_SECRET_KEY pour encaisser les paiements.",
    storeNotConnected: "La facturation par la boutique n'est pas encore connectée.",
    storeNotConfigured:
      "L'intégration Shopify n'est pas configurée sur ce serveur (SHOPIFY_API_KEY, SHOPIFY_API_SECRET).",
    noStorePlan: "Aucun forfait de boutique à résilier.",
  },
  public: {
    title: "Forfaits et tarifs",
    intro:
      "Choisissez le volume mensuel de messages adapté à vos clients. Chaque forfait inclut ses messages ; au-delà, les messages sont facturés au tarif de dépassement.",
    plan: "Forfait",
    messages: "Messages par mois",
    customers: "Clients",
    monthly: "Mensuel",
    yearly: "Annuel",
    associated: "Par message",
    overage: "Dépassement par message",
    notOffered: "—",
    notOfferedLabel: "Non proposé",
    pricesInUsd: "Prix en USD. Le nombre de clients est le nombre de messages divisé par 5.",
    signUp: "Créer un compte",
    callToAction: "Prêt à commencer ?",
  },
};

export default billing;
