import type { Resources } from "../en";

// Textes de l'app Shopify (embedded).
const embedded: Resources["embedded"] = {
  pageTitle: "{{product}} dans Shopify",
  noEmailTitle: "Shopify ne nous a pas dit qui vous êtes",
  noEmailBody:
    "Votre compte employé Shopify n’a pas d’adresse e-mail lisible, donc {{product}} ne peut pas s’ouvrir pour vous. Demandez au propriétaire de la boutique de vérifier votre compte employé dans Shopify.",
  emailUnverifiedTitle: "Vérifiez d’abord votre adresse e-mail dans Shopify",
  emailUnverifiedBody:
    "Un compte {{product}} utilise déjà l’adresse e-mail de votre compte employé Shopify, et Shopify n’a pas encore vérifié cette adresse. Vérifiez-la dans les paramètres de votre compte Shopify, puis ouvrez à nouveau {{product}}.",
  authNotConfigured:
    "L’intégration Shopify n’est pas configurée sur ce serveur. Définissez SHOPIFY_API_KEY et SHOPIFY_API_SECRET et redémarrez le serveur.",
  downloadFailed: "Le fichier n’a pas pu être téléchargé. Réessayez.",
};

export default embedded;
