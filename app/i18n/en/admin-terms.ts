// Texts of the admin-terms part of /admin (English).
const adminTerms = {};

export default adminTerms;
