// Texts of the analytics page at / and the platform overview (issue 18) (French).
const analytics = {};

export default analytics;
