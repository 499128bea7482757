import type adminUsersEn from "../en/admin-users";

// Texts of the admin-users part of /admin (French).
const adminUsers: typeof adminUsersEn = {};

export default adminUsers;
