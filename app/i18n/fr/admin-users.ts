import type adminUsersEn from "../en/admin-users";

// Texts of the Users tab of /admin and of user and company suspension (French).
const adminUsers: typeof adminUsersEn = {
  title: "Gestion des utilisateurs",
  searchType: "Type de recherche",
  searchTypes: { email: "E-mail", firstName: "Prénom", lastName: "Nom", company: "Entreprise" },
  search: "Rechercher",
  searchPlaceholder: "Rechercher par {{type}}",
  columns: {
    name: "Nom",
    email: "E-mail",
    status: "Statut",
    company: "Entreprise",
    createdAt: "Créé le",
    actions: "Actions",
  },
  status: { active: "Actif", suspended: "Suspendu", unconfirmed: "Non confirmé" },
  resourceName: { singular: "utilisateur", plural: "utilisateurs" },
  empty: "Aucun utilisateur trouvé",
  emptyHelp: "Essayez un autre texte ou un autre type de recherche.",
  noCompany: "—",
  openCompany: "Ouvrir {{company}} en RO Admin (lecture seule)",
  suspend: "Suspendre",
  unsuspend: "Réactiver",
  suspendTitle: "Suspendre l'utilisateur",
  unsuspendTitle: "Réactiver l'utilisateur",
  suspendConfirm:
    "Voulez-vous vraiment suspendre {{name}} ({{email}}) ? Cette personne sera aussitôt déconnectée partout et ne verra plus que la page Compte suspendu.",
  unsuspendConfirm:
    "Voulez-vous vraiment réactiver {{name}} ({{email}}) ? Cette personne pourra de nouveau se connecter.",
  selfHelp: "Vous ne pouvez pas vous suspendre vous-même",
  pageSize: "Utilisateurs par page",
  pageOf: "Page {{page}} sur {{pages}}",
  range: "{{from}}–{{to}} sur {{total}} utilisateurs",
  toasts: {
    suspended: "Utilisateur suspendu avec succès",
    unsuspended: "Utilisateur réactivé avec succès",
    failed: "Échec de l'action de suspension de l'utilisateur",
    self: "Vous ne pouvez pas suspendre votre propre compte",
    companyDisabled: "Entreprise suspendue avec succès",
    companyEnabled: "Entreprise réactivée avec succès",
    companyFailed: "Échec de l'action de suspension de l'entreprise",
  },
};

export default adminUsers;
