import type adminAuditEn from "../en/admin-audit";

// Texts of the audit log tab of /admin (French).
const adminAudit: typeof adminAuditEn = {
  title: "Journal d’audit",
  search: "Rechercher par e-mail de l’administrateur, action ou identifiant",
  empty: "Aucune modification d’administration enregistrée pour le moment.",
  when: "Quand",
  who: "Qui",
  what: "Quoi",
  target: "Cible",
  before: "Avant",
  after: "Après",
  pageOf: "Page {{page}} sur {{pages}}",
};

export default adminAudit;
