// Texts of a merchant's first hour: the first-run checklist and its hints (issue 20) (English).
const firstRun = {};

export default firstRun;
