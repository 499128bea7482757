// Texts of the WhatsApp integration: its view, the guide and the webhook details (issue 16) (French).
const whatsapp = {
  title: "Intégration WhatsApp",
  cardOpen: "Ouvrir l'intégration WhatsApp",
  guidance:
    "Envoyez les messages de vos parcours sur WhatsApp depuis votre propre numéro professionnel. Il vous faut un compte professionnel Meta avec le produit WhatsApp : connectez-le ci-dessous, puis collez les informations du webhook dans votre application Meta pour que les réponses, les désinscriptions et les accusés de réception reviennent ici.",
  noAccount: "Non, je n'ai pas de compte Meta",
  hasAccount: "Oui, j'ai un compte Meta",
  step1: "Étape 1",
  step1Title: "Saisissez les informations de votre compte WhatsApp Business",
  step2: "Étape 2",
  step2Title: "Configurez le webhook dans votre application Meta",
  step2Body:
    "Dans votre application Meta, ouvrez WhatsApp > Configuration, choisissez Modifier sous Webhook, collez l'URL de rappel et le jeton de vérification ci-dessous, puis Vérifier et enregistrer. Abonnez-vous au champ messages. Vérifiez ensuite ici avec « Vérifier et enregistrer ».",
  fields: {
    phoneNumber: "Numéro de téléphone",
    phoneNumberHelp:
      "Votre numéro WhatsApp professionnel, chiffres seulement avec l'indicatif du pays (10 à 13 chiffres).",
    phoneNumberId: "ID du numéro de téléphone",
    businessAccountId: "ID du compte WhatsApp Business",
    authToken: "Jeton d'authentification",
    authTokenHelp: "Un jeton permanent d'un utilisateur système de votre entreprise.",
    appSecret: "Clé secrète de l'application",
    appSecretHelp:
      "Dans votre application Meta : Paramètres > Général. Elle nous permet de vérifier que les webhooks viennent bien de Meta.",
    webhookUrl: "URL de rappel",
    verifyToken: "Jeton de vérification",
  },
  validation: {
    phoneRequired: "Veuillez saisir le numéro de téléphone",
    phoneInvalid: "Veuillez saisir un numéro de téléphone valide",
    phoneNumberIdRequired: "Veuillez saisir l'ID du numéro de téléphone",
    businessAccountIdRequired: "Veuillez saisir l'ID du compte WhatsApp Business",
    authTokenRequired: "Veuillez saisir le jeton d'authentification",
    appSecretRequired: "Veuillez saisir la clé secrète de l'application",
  },
  verifyAndContinue: "Vérifier et continuer",
  verifyAndSave: "Vérifier et enregistrer",
  copy: "Copier",
  copied: "Copié",
  saved: "Vos informations ont bien été enregistrées",
  notCorrect: "Les informations ne sont pas correctes",
  numberTaken: "Cet ID de numéro de téléphone est déjà connecté à une autre entreprise.",
  numberNotInAccount:
    "Cet ID de numéro de téléphone ne fait pas partie des numéros de ce compte WhatsApp Business. Vérifiez les deux ID dans le WhatsApp Manager de Meta.",
  businessAccountTaken: "Cet ID de compte WhatsApp Business est déjà connecté à une autre entreprise.",
  verified: "Vérifié avec succès !",
  verificationFailed: "Échec de la vérification !",
  somethingWrong: "Une erreur s'est produite !",
  webhookVerified: "Webhook vérifié",
  webhookNotVerified: "Webhook pas encore vérifié",
  locked: "Ces informations sont enregistrées. Contactez le support pour connecter un autre numéro.",
  readOnly: "Les administrateurs en lecture seule voient cette intégration sans pouvoir la modifier.",
  templates: {
    title: "Modèles de message",
    body: "Meta ne délivre les messages à l'initiative de l'entreprise qu'avec un modèle approuvé. Les points de contact WhatsApp des parcours peuvent utiliser les modèles approuvés de votre compte.",
    sync: "Synchroniser les modèles",
    synced: "Modèles synchronisés : {{approved}} approuvés sur {{total}}.",
    syncFailed: "Les modèles n'ont pas pu être synchronisés. Réessayez plus tard.",
    lastSynced: "Dernière synchronisation {{time}}",
    never: "Pas encore synchronisés",
    approvedCount: "{{count}} modèles approuvés",
  },
  touchpoint: {
    template: "Modèle WhatsApp",
    freeText: "Texte libre (sans modèle)",
    freeTextHelp:
      "Meta ne délivre le texte libre que dans les 24 heures suivant le dernier message WhatsApp du contact ; sinon il n'est pas envoyé. Choisissez un modèle approuvé pour joindre tous les contacts.",
    templateHelp:
      "Un modèle approuvé de votre compte WhatsApp : son texte est celui de Meta et ne se modifie pas ici.",
    language: "Langue : {{language}}",
    parameter: "{{placeholder}} est",
    sources: {
      first_name: "Prénom",
      last_name: "Nom",
      full_name: "Nom complet",
      email: "E-mail",
      phone: "Téléphone",
      company: "Entreprise",
      LINK: "Le lien suivi",
    },
  },
  guide: {
    title: "Créer votre compte Meta, étape par étape",
    previous: "Précédent",
    next: "Suivant",
    counter: "Étape {{current}} sur {{total}}",
    slides: {
      businessAccount: {
        title: "Créez un compte professionnel Meta",
        body: "Allez sur business.facebook.com et créez un compte professionnel avec la raison sociale et l'adresse de votre entreprise.",
      },
      developerApp: {
        title: "Créez une application",
        body: "Allez sur developers.facebook.com, choisissez Mes apps > Créer une app, prenez le type Entreprise et liez-la à votre compte professionnel.",
      },
      addWhatsApp: {
        title: "Ajoutez WhatsApp à l'application",
        body: "Sur le tableau de bord de l'application, trouvez WhatsApp sous Ajouter des produits et cliquez sur Configurer.",
      },
      phoneNumber: {
        title: "Ajoutez votre numéro professionnel",
        body: "Dans WhatsApp > Configuration de l'API, choisissez Ajouter un numéro, saisissez votre numéro et vérifiez-le avec le code envoyé par Meta.",
      },
      copyIds: {
        title: "Copiez les deux identifiants",
        body: "Toujours dans Configuration de l'API, copiez l'ID du numéro de téléphone et l'ID du compte WhatsApp Business.",
      },
      systemUser: {
        title: "Créez un utilisateur système",
        body: "Dans Paramètres de l'entreprise > Utilisateurs > Utilisateurs système, ajoutez un utilisateur système administrateur et donnez-lui votre application et votre compte WhatsApp.",
      },
      token: {
        title: "Générez un jeton permanent",
        body: "Choisissez Générer un nouveau jeton pour l'utilisateur système, sélectionnez votre application et les autorisations whatsapp_business_messaging et whatsapp_business_management, puis copiez le jeton.",
      },
      appSecret: {
        title: "Copiez la clé secrète",
        body: "Dans votre application, ouvrez Paramètres > Général, choisissez Afficher à côté de Clé secrète et copiez-la.",
      },
      connect: {
        title: "Connectez-la ici",
        body: "Ouvrez « Oui, j'ai un compte Meta » sur cette page, saisissez les informations, choisissez « Vérifier et continuer », puis configurez le webhook.",
      },
    },
    art: {
      business: "Entreprise",
      developers: "Développeurs",
      createApp: "Créer une app",
      setUp: "Configurer",
      addPhone: "Ajouter un numéro",
      phoneNumberId: "ID du numéro",
      accountId: "ID du compte WhatsApp Business",
      systemUsers: "Utilisateurs système",
      generateToken: "Générer un jeton",
      appSecret: "Clé secrète",
      show: "Afficher",
      verifyAndContinue: "Vérifier et continuer",
    },
  },
};

export default whatsapp;
