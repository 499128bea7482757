import type adminTermsEn from "../en/admin-terms";

// Texts of the admin-terms part of /admin (French).
const adminTerms: typeof adminTermsEn = {};

export default adminTerms;
