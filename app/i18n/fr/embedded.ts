import type { Resources } from "../en";

// Textes de l'app Shopify (embedded).
const embedded: Resources["embedded"] = {
  pageTitle: "{{product}} dans Shopify",
  noEmailTitle: "Shopify ne nous a pas dit qui vous êtes",
  noEmailBody:
    "Votre compte employé Shopify n’a pas d’adresse e-mail lisible, donc {{product}} ne peut pas s’ouvrir pour vous. Demandez au propriétaire de la boutique de vérifier votre compte employé dans Shopify.",
  emailUnverifiedTitle: "Vérifiez d’abord votre adresse e-mail dans Shopify",
  emailUnverifiedBody:
    "Shopify n’a pas encore vérifié l’adresse e-mail de votre compte employé Shopify, et {{product}} ne s’ouvre que pour une adresse vérifiée, afin que personne ne puisse utiliser celle d’un autre. Vérifiez-la dans les paramètres de votre compte Shopify (Shopify vous envoie un lien par e-mail), puis ouvrez à nouveau {{product}}.",
  removedTitle: "Vous ne faites plus partie de l’équipe de cette boutique",
  removedBody:
    "Vous avez été retiré(e) de l’équipe de l’entreprise de cette boutique dans {{product}} (ou vous l’avez quittée) : ouvrir l’app ne vous y ajoute pas à nouveau. Demandez à un administrateur de l’entreprise de vous inviter à nouveau (Paramètres, Utilisateurs), puis ouvrez à nouveau {{product}}.",
  authNotConfigured:
    "L’intégration Shopify n’est pas configurée sur ce serveur. Définissez SHOPIFY_API_KEY et SHOPIFY_API_SECRET et redémarrez le serveur.",
  downloadFailed: "Le fichier n’a pas pu être téléchargé. Réessayez.",
};

export default embedded;
