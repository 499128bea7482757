import type adminTermsEn from "../en/admin-terms";

// Texts of the Terms & Conditions tab of /admin (French).
const adminTerms: typeof adminTermsEn = {
  title: "Conditions générales en vigueur",
  empty: "Conditions générales introuvables",
  kinds: { terms: "Conditions générales", privacy: "Politique de confidentialité" },
  edit: {
    terms: "Modifier le lien des Conditions générales",
    privacy: "Modifier le lien de la Politique de confidentialité",
  },
  add: {
    terms: "Ajouter un lien vers les Conditions générales",
    privacy: "Ajouter un lien vers la Politique de confidentialité",
  },
  notSet: "Aucun lien pour l'instant",
  updatedAt: "Dernière mise à jour",
  drawerTitle: "Modifier les informations de l'entreprise",
  linkLabel: "Saisissez le lien hébergé",
  linkHelp: "Une adresse https://, ou un chemin de ce site comme /legal/terms-and-conditions.pdf",
  cancel: "Annuler",
  save: "Enregistrer",
  validation: {
    linkRequired: "Veuillez saisir le lien hébergé des conditions générales",
    linkInvalid: "Veuillez saisir une URL valide",
  },
  toasts: {
    termsUpdated: "Lien des Conditions générales mis à jour avec succès",
    privacyUpdated: "Lien de la Politique de confidentialité mis à jour avec succès",
    failed: "Échec de la mise à jour du lien",
  },
};

export default adminTerms;
