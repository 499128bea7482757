// Texts of the WhatsApp integration: its view, the guide and the webhook details (issue 16) (English).
const whatsapp = {};

export default whatsapp;
