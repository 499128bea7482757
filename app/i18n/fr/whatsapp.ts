// Texts of the WhatsApp integration: its view, the guide and the webhook details (issue 16) (French).
const whatsapp = {};

export default whatsapp;
