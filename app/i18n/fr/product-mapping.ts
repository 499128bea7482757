import type { Resources } from "../en";

// Textes de /product-mapping, en français.
const productMapping: Resources["productMapping"] = {
  title: "Correspondance des produits",
  back: "Retour aux produits",
  tabs: { shopify: "Shopify", tritech: "Tri-Tech" },

  shopifyHeading: "Correspondance avec les produits Shopify",
  shopifyIntro:
    "Associez vos produits {{product}} aux produits et variantes de votre boutique Shopify : l’acheteur d’une variante associée rejoint le parcours du produit.",
  learnHow: "Comment faire",
  syncNow: "Synchroniser",
  syncSuccess: "Tous les derniers produits Shopify ont bien été récupérés !",
  syncFailed: "Les produits de votre boutique n’ont pas pu être récupérés : {{reason}}",
  syncStarted: "Récupération des derniers produits de votre boutique…",
  syncProgress:
    "Récupération des derniers produits de votre boutique : {{products}} produits, {{variants}} variantes jusqu’ici",
  lastSynced: "Produits de la boutique récupérés le",
  neverSynced: "Les produits de votre boutique n’ont pas encore été récupérés : appuyez sur Synchroniser.",
  columns: { product: "Produit {{product}}", shopify: "Produits Shopify", edit: "Modifier" },
  noProductMapped: "Aucun produit associé pour l’instant !",
  noProducts: "Aucun produit trouvé !",
  variantsOf: "{{mapped}} variantes sur {{total}}",
  variantsMapped_one: "{{count}} variante",
  variantsMapped_other: "{{count}} variantes",
  notInCatalogue: "Un produit pas encore récupéré ({{id}})",
  moreMapped: "et {{count}} de plus",
  edit: "Modifier la correspondance de {{name}}",
  shopifyNotConnectedTitle: "Shopify n’est pas connecté",
  shopifyNotConnectedBody:
    "Connectez votre boutique Shopify sur la page Intégrations pour associer vos produits à ceux de votre boutique.",
  tritechNotConnectedTitle: "Tri-Tech n’est pas connecté",
  tritechNotConnectedBody:
    "Connectez Tri-Tech sur la page Intégrations pour associer vos produits aux catégories et sous-catégories Tri-Tech.",
  goToIntegrations: "Aller aux Intégrations",

  modalTitle: "Associer {{name}} à des produits Shopify",
  search: "Rechercher des produits",
  selectAll: "Tout sélectionner",
  other: "autre",
  selectedCount_one: "{{count}} variante sélectionnée",
  selectedCount_other: "{{count}} variantes sélectionnées",
  mappedElsewhere: "Associée à {{name}} : décochez-la d’abord là-bas",
  loadMore: "Afficher plus de produits",
  noData: "Aucune donnée trouvée !",
  selectAtLeastOne: "Veuillez sélectionner au moins un produit Shopify à associer au produit {{product}}",
  next: "Suivant",
  selectAllTruncated:
    "Seules les {{count}} premières variantes ont été sélectionnées : faites une recherche pour réduire la liste.",

  statusTitle: "Vérifier la correspondance de {{name}}",
  statusSummary: "{{adding}} ajoutées, {{removing}} retirées, {{unchanged}} inchangées",
  status: { adding: "Ajout", removing: "Retrait", unchanged: "Inchangée" },
  statusColumns: { product: "Produit Shopify", variant: "Variante", status: "État" },
  statusMore: "et {{count}} de plus",
  save: "Enregistrer",
  statusBack: "Retour",
  mappedSuccessfully: "Associé avec succès !",
  mappedBody: "Les acheteurs des variantes associées rejoignent désormais le parcours de {{name}}.",
  unmappedBody: "{{name}} n’est plus associé à aucun produit Shopify.",
  done: "Terminé",
  variantTaken: "{{variant}} de {{storeProduct}} est associée à {{name}} : décochez-la d’abord là-bas.",
  unknownVariants:
    "Certaines variantes sélectionnées ne sont plus dans les produits de votre boutique : appuyez sur Synchroniser et réessayez.",
  productGone: "Ce produit n’existe plus.",
  somethingWrong: "Une erreur s’est produite !",

  tourTitle: "Comment fonctionne la correspondance des produits",
  tourStep: "Étape {{step}} sur {{count}}",
  tourSteps: {
    sync: {
      title: "Récupérez les produits de votre boutique",
      body: "Appuyez sur Synchroniser pour récupérer les derniers produits et variantes de votre boutique Shopify.",
    },
    pick: {
      title: "Choisissez les produits Shopify",
      body: "Appuyez sur le crayon à côté d’un produit {{product}} et cochez les produits et variantes Shopify qu’il représente. Une variante n’appartient qu’à un produit à la fois.",
    },
    save: {
      title: "Vérifiez et enregistrez",
      body: "Voyez quelles variantes sont en Ajout, en Retrait ou Inchangées, puis enregistrez. L’acheteur d’une variante associée rejoint le parcours du produit.",
    },
  },
  tourBack: "Retour",
  tourNext: "Suivant",
  tourDone: "Terminé",
};

export default productMapping;
