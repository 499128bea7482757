import type { Resources } from "../en";

// Le texte de consentement au paiement (spéc. 1 sections 2, 8, 9 ; spéc. 3 section 2.5).
const consent: Resources["consent"] = {
  editButton: "Modifier le texte de consentement",
  viewButton: "Voir le texte de consentement",
  guideButton: "L’ajouter à votre paiement",
  saved: "Texte de consentement enregistré !",
  saveFailed: "Une erreur s’est produite, veuillez réessayer !",
  notConnected:
    "Votre boutique Shopify n’est plus connectée. Connectez-la de nouveau pour modifier le texte de consentement.",
  modal: {
    title: "Texte de consentement au paiement",
    intro:
      "Affiché au paiement par le bloc de consentement SMS de {{product}}, sous les coordonnées, avec la case de marketing par SMS de Shopify. Le consentement donné par l’acheteur y est enregistré par Shopify et repris sur le contact créé à partir de la commande.",
    titleLabel: "Titre",
    titleHelp: "Le libellé de la case à cocher, sur une ligne.",
    textLabel: "Texte de consentement",
    textHelp:
      "Indiquez que l’acheteur accepte de recevoir des SMS marketing automatisés et récurrents, que ce consentement n’est pas une condition d’achat, la fréquence des messages, que des frais de messagerie et de données peuvent s’appliquer, et qu’il peut répondre HELP pour obtenir de l’aide et STOP pour se désabonner.",
    useDefault: "Utiliser le texte par défaut",
    defaultShown: "Votre paiement affiche le texte par défaut tant que vous n’enregistrez pas le vôtre.",
    readOnly: "Lecture seule : vous pouvez voir le texte de consentement mais pas le modifier.",
    save: "Enregistrer",
    cancel: "Annuler",
  },
  guide: {
    title: "Ajouter le bloc de consentement SMS à votre paiement",
    intro:
      "Le bloc affiche votre titre et votre texte de consentement avec la case de marketing par SMS de Shopify, et demande un numéro de téléphone si l’acheteur n’en a pas donné. Ajoutez-le une fois dans l’éditeur de paiement :",
    steps: {
      settings: "Dans l’interface administrateur Shopify, allez dans Paramètres > Paiement.",
      customize: "Dans la section Configurations, cliquez sur Personnaliser à côté de votre paiement.",
      page: "Dans le menu des pages en haut de l’éditeur, vérifiez que Paiement est sélectionné.",
      addBlock:
        "Cliquez sur Ajouter un bloc d’application et choisissez SMS consent ({{product}}) dans Applications pour cette page. Il est placé après les coordonnées.",
      save: "Cliquez sur Enregistrer. Le bloc s’affiche désormais au paiement.",
    },
    plusTitle: "Shopify Plus uniquement",
    plusBody:
      "Shopify n’affiche les blocs d’application des étapes informations, expédition et paiement qu’aux boutiques Shopify Plus. Sur les autres forfaits, le bloc ne peut pas être ajouté : activez la case d’inscription aux SMS de Shopify (Paramètres > Paiement > Options marketing) et modifiez son texte avec Aller au texte de consentement SMS. Le consentement recueilli parvient à {{product}} de la même façon.",
    openSettings: "Ouvrir les paramètres de paiement",
    close: "Fermer",
  },
  validation: {
    titleRequired: "Saisissez un titre.",
    titleTooLong: "Le titre ne peut pas dépasser 150 caractères.",
    titleOneLine: "Le titre doit tenir sur une ligne.",
    textRequired: "Saisissez le texte de consentement.",
    textTooLong: "Le texte de consentement ne peut pas dépasser 1000 caractères.",
  },
};

export default consent;
