// Texts of the public sign-up form page and its messages (issue 15) (French).
const publicForm = {};

export default publicForm;
