// Texts of the public sign-up form page and its messages (issue 15) (French).
const publicForm = {
  loading: "Chargement...",
  labels: {
    "First Name": "Prénom",
    "Last Name": "Nom",
    "Phone No.": "N° de téléphone",
    Email: "E-mail",
  },
  errors: {
    required: "Veuillez saisir {{label}} !",
    phone: "Veuillez saisir un numéro de téléphone valide !",
    email: "Veuillez saisir une adresse e-mail valide !",
    number: "seuls les chiffres sont acceptés !",
    url: "Veuillez saisir une URL valide",
    select: "Veuillez choisir une valeur !",
    pick: "Veuillez choisir une option !",
    attributeInvalid: "Veuillez saisir une valeur valide !",
  },
  captchaFailed: "La vérification du captcha a échoué, actualisez la page !",
  captchaMissing: "Veuillez d’abord compléter le captcha.",
  submitFailed: "Une erreur s’est produite.",
  submitted: "Formulaire envoyé avec succès.",
  close: "Fermer",
  tooMany: "Trop d’envois depuis votre adresse. Réessayez dans une minute.",
  notOperationalTitle: "Ce formulaire n’est pas disponible pour le moment !",
  notOperationalBody: "Revenez plus tard. Merci de votre patience.",
  disabled: "en cours de préparation, réessayez plus tard.",
  fetchFailed: "impossible de charger le formulaire.",
  notFoundTitle: "Formulaire introuvable",
  notFoundBody: "Ce formulaire n’existe pas. Vérifiez le lien que vous avez reçu.",
  other: "Autre",
  otherPlaceholder: "Précisez",
  selectPlaceholder: "Choisir...",
  poweredBy: "Propulsé par {{product}}",
};

export default publicForm;
