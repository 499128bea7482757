import type attributionEn from "../en/attribution";

// Textes de l'attribution du chiffre d'affaires (issue 14), français ; les mêmes clés que l'anglais.
const attribution: typeof attributionEn = {
  settings: {
    title: "Attribution du chiffre d'affaires",
    description:
      "Une commande passée dans la boutique dans ce nombre de jours après qu'un contact a cliqué sur le lien suivi d'un point de contact est attribuée à ce point de contact. Si le contact en a cliqué plusieurs, le dernier clic l'emporte.",
    windowLabel: "Fenêtre d'attribution (jours)",
    windowHelp:
      "Un nombre entier de jours de 1 à 90. Il s'applique aux commandes reçues à partir de maintenant.",
    save: "Enregistrer",
    saved: "Fenêtre d'attribution enregistrée",
    windowRequired: "Indiquez le nombre de jours.",
    windowRange: "Indiquez un nombre entier de jours de 1 à 90.",
  },
  touchpoint: {
    title: "Commandes et chiffre d'affaires attribués",
    note: "Commandes passées dans la boutique dans les {{days}} jours après que le contact a cliqué sur le lien suivi de ce point de contact (le dernier clic l'emporte).",
    orders: "Commandes attribuées",
    revenue: "Chiffre d'affaires attribué",
    revenueIn: "Chiffre d'affaires attribué ({{currency}})",
    empty: "Aucune commande attribuée pour l'instant",
    emptyHelp:
      "Quand un contact clique sur le lien suivi de ce point de contact puis commande dans votre boutique dans les {{days}} jours, la commande et son montant s'affichent ici.",
    latest: "Dernières commandes attribuées",
    order: "Commande",
    contact: "Contact",
    total: "Total",
    placedAt: "Passée le",
    contactGone: "Contact supprimé",
  },
};

export default attribution;
