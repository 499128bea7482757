// Texts of the admin-users part of /admin (English).
const adminUsers = {};

export default adminUsers;
