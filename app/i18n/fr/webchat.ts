// Texts of the web chat editors: email templates and branding (issue 17) (French).
const webchat = {};

export default webchat;
