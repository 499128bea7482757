import type adminCompaniesEn from "../en/admin-companies";

// Texts of the admin-companies part of /admin (French).
const adminCompanies: typeof adminCompaniesEn = {};

export default adminCompanies;
