// Texts of the public sign-up form page and its messages (issue 15) (English). Spec 3 §2.3, §5.3 and §8
// word for word, typos kept. The page is not React: app/domain/forms/public-texts.ts reads these.
const publicForm = {
  loading: "Loading...",
  // Default field labels as a French or English form shows them (§3.5 maps them back on submit).
  labels: {
    "First Name": "First Name",
    "Last Name": "Last Name",
    "Phone No.": "Phone No.",
    Email: "Email",
  },
  errors: {
    required: "Please enter {{label}}!",
    phone: "Please enter valid phone no.!",
    email: "Please enter a valid email address!",
    number: "only numbers are acceptable!",
    url: "Please enter valid URL",
    select: "Please select value!",
    pick: "Please pick an item!",
    attributeInvalid: "Please enter a valid value!",
  },
  captchaFailed: "Captcha verification failed, refresh the page!",
  captchaMissing: "Please complete the captcha first.",
  submitFailed: "Something went wrong.",
  submitted: "Form submmited successfully.",
  close: "Close",
  tooMany: "Too many submissions from your address. Please try again in a minute.",
  notOperationalTitle: "This form is not operational as of now!",
  notOperationalBody: "Please come back later. Thank you for your patience.",
  disabled: "currently in progress try after sometime.",
  fetchFailed: "enable to Fetch form.",
  notFoundTitle: "Form not found",
  notFoundBody: "This form does not exist. Check the link you were given.",
  other: "Other",
  otherPlaceholder: "Please specify",
  selectPlaceholder: "Select...",
  poweredBy: "Powered by {{product}}",
};

export default publicForm;
