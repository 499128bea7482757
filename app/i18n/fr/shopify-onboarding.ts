import type { Resources } from "../en";

// Textes de l'app Shopify (shopify-onboarding).
const shopifyOnboarding: Resources["shopifyOnboarding"] = {
  install: {
    title: "Connectez votre boutique Shopify",
    missingParams:
      "Shopify ouvre cette page quand vous installez l'application. Ouvrez l'application depuis l'administration Shopify pour connecter votre boutique.",
    badShop:
      "Ce lien ne désigne pas une boutique Shopify : l'adresse d'une boutique se termine par .myshopify.com.",
    badHmac:
      "Ce lien d'installation n'est pas signé par Shopify, ou il a expiré. Ouvrez de nouveau l'application depuis l'administration Shopify.",
    rateLimited:
      "Trop de tentatives depuis votre réseau. Patientez quelques minutes, puis ouvrez de nouveau l'application depuis Shopify.",
    bot: "Une requête automatisée ne peut pas installer l'application. Ouvrez-la depuis l'administration Shopify dans un navigateur.",
    notConfigured: "L'intégration Shopify n'est pas configurée sur ce serveur.",
  },
  redirect: {
    checking: "Veuillez patienter. Nous vérifions !",
    continue: "Continuer",
    replayed:
      "Cette connexion Shopify a déjà servi ou a expiré. Ouvrez de nouveau l'application depuis l'administration Shopify.",
    forged:
      "Nous n'avons pas pu vérifier cette réponse de Shopify. Ouvrez de nouveau l'application depuis l'administration Shopify.",
    exchangeFailed:
      "Shopify n'a pas accepté cette connexion. Ouvrez de nouveau l'application depuis l'administration Shopify.",
    signInToConnect: "Connectez-vous ou créez un compte pour connecter votre boutique Shopify.",
  },
  link: {
    title: "Sélectionnez l'organisation à connecter à votre boutique Shopify",
    storeLine: "Boutique : {{store}}",
    noOrganizations: "Vous n'appartenez encore à aucune organisation. Créez-en une pour votre boutique.",
    connectedToStore: "{{company}} est déjà connectée à une boutique",
    adminOnly: "Seul un administrateur de l'entreprise peut connecter {{company}} à une boutique",
    chooseOrganization: "Veuillez sélectionner une organisation",
    skip: "Passer",
    createOrganization: "Créer une organisation",
    continue: "Continuer",
    createTitle: "Créer une nouvelle organisation",
    companyName: "Nom de l'entreprise",
    companyUrl: "URL de l'entreprise",
    cancel: "Annuler",
    storeTaken: "Cette boutique est déjà connectée à une organisation.",
    companyHasStore: "Cette organisation est déjà connectée à une autre boutique Shopify.",
    notAdmin: "Seul un administrateur de l'entreprise peut connecter cette organisation à une boutique.",
  },
  request: {
    title: "Vous n'êtes pas autorisé à accéder à cette organisation !",
    organization: "Organisation : {{company}}",
    store: "Boutique : {{store}}",
    help: "Veuillez demander à l'administrateur de vous donner accès.",
    requestAccess: "Demander l'accès",
    skip: "Passer",
    sent: "Votre demande a été envoyée !",
    sentHelp: "Nous vous préviendrons par e-mail dès que l'administrateur aura approuvé votre demande.",
    createOrJoin: "Vous voulez créer votre propre organisation ou en rejoindre une autre ?",
    continue: "Continuer",
    denied: "L'administrateur a refusé votre demande pour rejoindre l'organisation.",
    deniedHelp: "Contactez vos administrateurs pour en savoir plus",
  },
  stepper: {
    welcomeTitle: "Bienvenue dans le produit",
    welcomeBody:
      "C'est parti ! Commençons par offrir à vos clients les meilleures expériences de déballage 5 étoiles.",
    continue: "Continuer",
    connected: "Connecté à la boutique Shopify {{store}}",
    intro:
      "Choisissez les produits que vos clients achètent. Nous créons chacun ici avec un parcours de départ à relire avant tout envoi.",
    search: "Rechercher des produits",
    fetching: "Récupération de vos produits…",
    empty: "Aucun produit trouvé dans votre boutique !",
    noMatch: "Aucun produit ne correspond à votre recherche.",
    selected: "{{count}} sélectionné(s)",
    submit: "Valider",
    logout: "Déconnexion",
    other: "Autre",
    notAdmin: "Seul un administrateur de {{company}} peut choisir les produits de la boutique.",
    tooMany: "Choisissez au plus 250 produits à la fois.",
  },
  thankYou: {
    title: "C'est noté ! Notre équipe prépare vos parcours produits pour votre approbation.",
    body: "Nous vous écrirons pour planifier une revue avec notre équipe de livraison. Une question ? Écrivez à {{email}}.",
    logout: "Se déconnecter",
  },
  welcome: {
    title: "Bienvenue dans le produit !",
    body: "Découvrez vos tout nouveaux parcours produits.",
    continue: "Continuer",
  },
  toasts: {
    organizationCreated: "Organisation créée avec succès !",
    storeConnected: "Votre boutique est connectée à {{company}}.",
    somethingWentWrong: "Une erreur s'est produite !",
    requestSubmitted: "Votre demande a été envoyée",
  },
  admin: {
    lockedLabel: "{{company}} : boutique verrouillée. Déverrouiller",
    unlockedLabel: "{{company}} : boutique déverrouillée. Verrouiller",
    unlockTitle: "Voulez-vous vraiment déverrouiller ce compte ?",
    unlockBody: "Une fois déverrouillé, le client aura accès à la plateforme selon le forfait choisi",
    lockTitle: "Voulez-vous vraiment verrouiller ce compte ?",
    lockBody:
      "Une fois verrouillé, les utilisateurs du client ne voient que l'accueil de la boutique jusqu'au déverrouillage.",
    confirmUnlock: "Déverrouiller",
    confirmLock: "Verrouiller",
    cancel: "Annuler",
    unlocked: "Compte déverrouillé.",
    locked: "Compte verrouillé.",
    failed: "une erreur s'est produite",
  },
};

export default shopifyOnboarding;
