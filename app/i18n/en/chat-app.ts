// Texts of the contact-facing chat app and the staff chat inbox (issue 17) (English).
const chatApp = {};

export default chatApp;
