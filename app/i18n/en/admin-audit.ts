// Texts of the audit log tab of /admin (English); the tab is ours, beyond the spec.
const adminAudit = {
  title: "Audit log",
  search: "Search by admin email, action or target id",
  empty: "No admin changes recorded yet.",
  when: "When",
  who: "Who",
  what: "What",
  target: "Target",
  before: "Before",
  after: "After",
  pageOf: "Page {{page}} of {{pages}}",
};

export default adminAudit;
