// Texts of the Terms & Conditions tab of /admin (English).
const adminTerms = {
  title: "Current Terms and Conditions",
  empty: "Terms and Conditions not found",
  kinds: { terms: "Terms & Conditions", privacy: "Privacy Policy" },
  edit: { terms: "Edit the Terms & Conditions link", privacy: "Edit the Privacy Policy link" },
  add: { terms: "Add a Terms & Conditions link", privacy: "Add a Privacy Policy link" },
  notSet: "No link yet",
  updatedAt: "Last updated",
  drawerTitle: "Edit Company Details",
  linkLabel: "Enter hosted link",
  linkHelp: "An https:// address, or a path on this site such as /legal/terms-and-conditions.pdf",
  cancel: "Cancel",
  save: "Save",
  validation: {
    linkRequired: "Please enter hosted link of terms and conditions",
    linkInvalid: "Please enter valid URL",
  },
  toasts: {
    termsUpdated: "Terms & Conditions link updated successfully",
    privacyUpdated: "Privacy Policy link updated successfully",
    failed: "Failed to update the link",
  },
};

export default adminTerms;
