import type productsEn from "../en/products";

// Texts of the product screens (French); the same keys as the English file.
const products: typeof productsEn = {
  title: "Produits",
  welcomeTitle: "Bienvenue dans vos produits",
  welcomeBody:
    "Chaque produit a son propre parcours de points de contact. Associez des contacts à un produit pour les inscrire à son parcours.",
  allProducts: "Tous les produits",
  searchLabel: "Rechercher des produits par nom",
  mapProducts: "Associer les produits",
  empty: "Aucun produit",
  createProduct: "Créer un produit",
  nameLabel: "Nom du produit",
  save: "Enregistrer",
  cancel: "Annuler",
  rename: "Renommer",
  renameTitle: "Renommer le produit",
  deleteProduct: "Supprimer le produit",
  deleteConfirm:
    "Voulez-vous vraiment supprimer {{name}} ? Son parcours et ses contacts associés sont supprimés aussi.",
  openProduct: "Ouvrir {{name}}",
  detail: {
    back: "Retour à tous les produits",
    owners: "Propriétaires du produit",
    addExisting: "Ajouter un contact existant",
    addNew: "Ajouter un nouveau contact",
    addAttribute: "Ajouter un attribut",
    remove: "Retirer",
    removeLabel: "Retirer {{name}} de ce produit",
    removeConfirm: "Voulez-vous vraiment retirer {{name}} de ce produit ?",
    noOwners: "Aucun contact trouvé !",
    productAttributes: "Attributs produit",
    selectOwner: "Choisissez un contact pour voir et modifier ses attributs produit.",
    attributesOf: "Attributs produit de {{name}}",
    noProductAttributes: "Aucun attribut produit pour l’instant. Ajoutez-en un avec Ajouter un attribut.",
    selected: "Sélectionné",
    pageOf: "Page {{page}} sur {{pages}}",
  },
  choose: {
    title: "Choisir un contact",
    search: "Rechercher des contacts",
    searchHelp: "Saisissez au moins 3 caractères",
    add: "Ajouter",
    addSelected: "Ajouter la sélection ({{count}})",
    alreadyLinked: "Déjà ajouté",
    empty: "Aucun contact trouvé !",
    loading: "Chargement…",
  },
  validation: {
    fieldCanNotBeEmpty: "Ce champ ne peut pas être vide !",
    nameTooLong: "Le nom peut comporter au plus 120 caractères.",
  },
  toasts: {
    created: "Produit créé avec succès !",
    renamed: "Produit renommé avec succès !",
    deleted: "Produit supprimé avec succès !",
    duplicate: "Un produit portant ce nom existe déjà.",
    linked: "Contacts ajoutés au produit : {{count}}.",
    removed: "Contact retiré du produit.",
    somethingWentWrong: "Une erreur s’est produite !",
  },
};

export default products;
