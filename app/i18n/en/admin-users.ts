// Texts of the Users tab of /admin and of user and company suspension (English).
const adminUsers = {
  title: "User Management",
  searchType: "Search type",
  searchTypes: { email: "Email", firstName: "First Name", lastName: "Last Name", company: "Company" },
  search: "Search",
  searchPlaceholder: "Search by {{type}}",
  columns: {
    name: "Name",
    email: "Email",
    status: "Status",
    company: "Company",
    createdAt: "Created At",
    actions: "Actions",
  },
  status: { active: "Active", suspended: "Suspended", unconfirmed: "Unconfirmed" },
  resourceName: { singular: "user", plural: "users" },
  empty: "No users found",
  emptyHelp: "Try another search text or search type.",
  noCompany: "—",
  openCompany: "Open {{company}} as RO Admin (read-only)",
  suspend: "Suspend",
  unsuspend: "Unsuspend",
  suspendTitle: "Suspend user",
  unsuspendTitle: "Unsuspend user",
  suspendConfirm:
    "Are you sure you want to suspend {{name}} ({{email}})? They will be signed out everywhere at once and will only see the Account Suspended page.",
  unsuspendConfirm:
    "Are you sure you want to unsuspend {{name}} ({{email}})? They will be able to sign in again.",
  selfHelp: "You cannot suspend yourself",
  pageSize: "Users per page",
  pageOf: "Page {{page}} of {{pages}}",
  range: "{{from}}–{{to}} of {{total}} users",
  toasts: {
    suspended: "User suspended successfully",
    unsuspended: "User unsuspended successfully",
    failed: "Failed user suspension action",
    self: "You cannot suspend your own account",
    companyDisabled: "Company suspended successfully",
    companyEnabled: "Company unsuspended successfully",
    companyFailed: "Failed company suspension action",
  },
};

export default adminUsers;
