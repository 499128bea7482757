// Texts of the analytics page at / and the platform overview (issue 18) (English).
const analytics = {};

export default analytics;
