// Texts of the contact-facing chat app and the staff chat inbox (issue 17) (French).
const chatApp = {};

export default chatApp;
