// Texts of the admin-companies part of /admin (English).
const adminCompanies = {};

export default adminCompanies;
