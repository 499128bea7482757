import type { Resources } from "../en";

// Textes de l'app Shopify (integrations).
const integrations: Resources["integrations"] = {
  title: "Intégrations",
  subtitle: "Connectez d'autres plateformes pour importer des contacts ou ajouter de nouveaux canaux.",
  active: "Active",
  cards: {
    shopify: {
      name: "Shopify",
      description:
        "Importez les clients et les commandes de votre boutique, et recueillez le consentement SMS au paiement.",
      open: "Ouvrir l'intégration Shopify",
    },
    tritech: {
      name: "Tri-Tech",
      description: "Recevez les événements de contrat d'AIM et démarrez vos parcours produit à partir d'eux.",
    },
    whatsapp: {
      name: "WhatsApp",
      description: "Envoyez les messages de vos parcours depuis votre propre compte WhatsApp Business.",
    },
  },
  back: "Intégrations",

  shopifyTitle: "Intégration Shopify",
  connectedStore: "Boutique connectée",
  goToStore: "Aller à votre boutique Shopify",
  tcpaTitle: "Avis TCPA",
  tcpaBody:
    "La loi américaine TCPA (Telephone Consumer Protection Act) exige le consentement écrit exprès d'un client avant de lui envoyer des SMS marketing. {{product}} n'envoie de messages marketing qu'aux contacts qui y ont consenti, par exemple avec la case d'inscription aux SMS du paiement Shopify. Gardez cette case activée et son texte de consentement clair.",
  setup: "Configuration",
  setupBody:
    "Activez la case d'inscription aux SMS du paiement Shopify pour que vos clients puissent accepter de recevoir des SMS lors de leur commande.",
  optInCheckbox: "Case d'inscription",
  status: {
    LOADING: "Chargement",
    ENABLED: "Activée",
    DISABLED: "Désactivée",
    ERROR: "Erreur",
  },
  goToOptInSettings: "Aller aux réglages d'inscription SMS",
  refreshStatus: "Actualiser l'état",
  showMeHow: "Montrez-moi comment",
  consentLanguage: "Texte de consentement",
  consentLanguageBody:
    "Vos clients voient le texte de consentement à côté de la case. Indiquez qu'ils acceptent de recevoir des SMS marketing automatisés et récurrents, que le consentement n'est pas une condition d'achat, et comment les arrêter.",
  goToConsentLanguage: "Aller au texte de consentement SMS",
  settings: "Réglages",
  automaticOptIn: "Inscription automatique aux messages non commerciaux",
  automaticOptInBody:
    "Les clients qui commandent sans consentement marketing sont ajoutés comme contacts et ne reçoivent que des messages non commerciaux, comme le suivi de commande et de livraison.",
  automaticOptInOn: "Activée",
  automaticOptInOff: "Désactivée",
  automaticOptInAdminOnly: "Seuls les administrateurs de {{product}} peuvent modifier ce réglage.",
  automaticOptInConfirmOn:
    "Activer l'inscription automatique aux messages non commerciaux ? Les clients qui commandent sans consentement marketing seront ajoutés comme contacts pour les messages non commerciaux.",
  automaticOptInConfirmOff:
    "Désactiver l'inscription automatique aux messages non commerciaux ? Les clients qui commandent sans consentement marketing ne seront plus ajoutés comme contacts.",
  automaticOptInTurnedOn: "L'inscription automatique aux messages non commerciaux est activée.",
  automaticOptInTurnedOff: "L'inscription automatique aux messages non commerciaux est désactivée.",
  disconnectTitle: "Déconnexion",
  disconnectBody:
    "La déconnexion annule votre forfait Shopify pour {{product}} et supprime les correspondances de produits de cette boutique. Vos contacts, produits et parcours sont conservés.",
  disconnect: "Déconnecter l'app",
  disconnectAdminOnly: "Seuls les administrateurs de l'entreprise peuvent déconnecter l'app.",
  disconnectConfirm:
    "Voulez-vous vraiment déconnecter {{store}} ? Votre forfait Shopify pour {{product}} est annulé et les correspondances de produits de la boutique sont supprimées.",
  disconnectConfirmTitle: "Déconnecter l'app",
  disconnected: "L'app {{product}} a bien été déconnectée de Shopify !",
  disconnectFailed:
    "Votre forfait Shopify n'a pas pu être annulé : l'app est toujours connectée. Veuillez réessayer.",
  notConnectedAnymore: "Aucune boutique Shopify n'est connectée à cette organisation.",

  connectSteps: "Étapes pour connecter votre boutique Shopify",
  connectStep1:
    "Cliquez sur « Connecter à Shopify » pour ouvrir l'app {{product}} dans le Shopify App Store.",
  connectStep2: "Installez l'app sur votre boutique et approuvez les accès qu'elle demande.",
  connectStep3:
    "Choisissez cette organisation quand {{product}} demande laquelle lier : votre boutique est connectée.",
  connect: "Connecter à Shopify",

  howTo: {
    title: "Activer la case d'inscription aux SMS",
    previous: "Précédent",
    next: "Suivant",
    done: "Terminé",
    counter: "{{current}} sur {{total}}",
    keyboardHint: "Utilisez les flèches gauche et droite pour changer de diapositive.",
    art: {
      home: "Accueil",
      orders: "Commandes",
      products: "Produits",
      customers: "Clients",
      settings: "Paramètres",
      general: "Général",
      payments: "Paiements",
      checkout: "Paiement",
      notifications: "Notifications",
      marketingOptions: "Options marketing",
      email: "E-mail",
      sms: "SMS",
      customizeLabels: "Personnaliser les libellés d'inscription",
      unsaved: "Modifications non enregistrées",
      save: "Enregistrer",
      contact: "Contact",
      phone: "Numéro de mobile",
      textMe: "M'envoyer des nouvelles et des offres par SMS",
      payNow: "Payer maintenant",
    },
    slides: {
      openAdmin: {
        title: "Ouvrez l'administration Shopify",
        body: "Connectez-vous à l'administration de votre boutique et cliquez sur Paramètres en bas du menu de gauche.",
      },
      openCheckout: {
        title: "Ouvrez Paiement",
        body: "Dans la liste des paramètres, cliquez sur Paiement.",
      },
      findMarketing: {
        title: "Trouvez Options marketing",
        body: "Descendez jusqu'à la section Options marketing, où se règlent les choix d'inscription proposés au paiement.",
      },
      turnOnSms: {
        title: "Activez les SMS",
        body: "Cochez SMS. Les clients qui saisissent un numéro de téléphone au paiement peuvent alors accepter de recevoir des SMS.",
      },
      consentLanguage: {
        title: "Vérifiez le texte de consentement",
        body: "Cliquez sur Personnaliser les libellés d'inscription pour modifier le libellé de la case et le texte de consentement affiché dessous.",
      },
      save: {
        title: "Enregistrez",
        body: "Cliquez sur Enregistrer en haut de la page. Le changement s'applique aussitôt à votre paiement.",
      },
      tryCheckout: {
        title: "Essayez votre paiement",
        body: "Ajoutez un produit au panier de votre boutique et passez au paiement : après la saisie d'un numéro de téléphone, la case SMS apparaît.",
      },
      refresh: {
        title: "Actualisez l'état ici",
        body: "Revenez sur cette page et cliquez sur Actualiser l'état. La case d'inscription indique Activée.",
      },
    },
  },
};

export default integrations;
