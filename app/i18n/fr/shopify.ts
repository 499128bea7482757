import type { Resources } from "../en";

// Textes communs aux écrans Shopify.
const shopify: Resources["shopify"] = {
  notConfiguredTitle: "Shopify n’est pas configuré sur ce serveur",
  notConfiguredBody:
    "L’intégration Shopify n’est pas configurée sur ce serveur. Définissez {{variables}} et redémarrez le serveur pour connecter des boutiques.",
};

export default shopify;
