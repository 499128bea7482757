// Texts of a merchant's first hour: the first-run checklist and its hints (issue 20) (French).
const firstRun = {
  checklist: {
    title: "Lancez votre premier parcours",
    progress: "{{done}} sur {{total}} terminées",
    dismiss: "Masquer cette liste",
    done: "Terminé",
    toDo: "À faire",
    steps: {
      product: {
        title: "Ajouter un produit",
        text: "Chaque produit a son propre parcours de messages pour les clients qui l'ont acheté.",
        action: "Ajouter un produit",
      },
      touchpoint: {
        title: "Écrire son premier point de contact",
        text: "Le premier message que vos clients reçoivent après l'achat, et quand il part.",
        action: "Écrire un point de contact",
      },
      contacts: {
        title: "Ajouter ou importer des contacts",
        text: "Ajoutez un client à la main, ou importez un fichier CSV de vos clients.",
        action: "Aller aux contacts",
      },
      test: {
        title: "Envoyer un test",
        text: "Utilisez Tester maintenant sur un point de contact pour voir le message comme vos clients le verront.",
        action: "Envoyer un test",
      },
      live: {
        title: "Mettre le parcours en ligne",
        text: "Un parcours en ligne envoie ses messages aux contacts liés à son produit ; avant, il n'envoie rien.",
        action: "Ouvrir les points de contact",
      },
      shopify: {
        title: "Connecter Shopify",
        text: "Les commandes de votre boutique ajoutent alors leurs acheteurs et les lient au produit.",
        action: "Connecter votre boutique",
      },
    },
  },
  setup: {
    linkShortenerHelp: "Les liens courts et suivis de vos SMS sont construits sur ce nom.",
    chatstreamHelp: "L'adresse de votre chat web (ChatStream) est construite sur ce nom.",
    proposed: "Proposé à partir du nom de l'entreprise ; vous pouvez le changer.",
  },
  country: {
    label: "Pays",
    help: "Les numéros écrits sans indicatif +pays sont lus comme des numéros de ce pays.",
  },
  validation: {
    countryRequired: "Veuillez choisir le pays de votre entreprise",
  },
  adminPickCompany: {
    title: "Choisissez d'abord une entreprise",
    body: "Cet écran montre les données d'une entreprise, et vous ne consultez aucune entreprise. Choisissez-en une dans Admin → Entreprises ci-dessous : Voir en tant que (Admin LS ou Admin) sur sa ligne, puis rouvrez l'écran.",
  },
  contactConsent: {
    title: "Consentement SMS",
    checkbox: "Ce contact a accepté de recevoir des SMS marketing",
    source: "Comment il a accepté",
    sourceHelp: "Par exemple : inscrit en boutique, case cochée au paiement.",
    sourceRequired: "Veuillez indiquer comment le contact a accepté de recevoir des SMS",
    product: "Produit à lier",
    productNone: "Aucun produit",
    productHelp: "Lier le contact l'inscrit au parcours du produit.",
  },
};

export default firstRun;
