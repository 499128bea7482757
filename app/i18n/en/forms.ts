// Texts of sign-up forms: the form list, the builder and the publish popover (issue 15) (English).
const forms = {};

export default forms;
