import type authEn from "../en/auth";

// Texts of the login, sign-up, confirmation and password screens (French); the same keys as the English file.
const auth: typeof authEn = {
  loginTitle: "Connexion",
  loginSubtitle: "Bon retour sur {{product}}",
  emailLabel: "E-mail",
  passwordLabel: "Mot de passe",
  resetPasswordLink: "Réinitialiser le mot de passe",
  createAccountLink: "Créer un compte",
  noAccount: "Vous n’avez pas de compte ?",
  loginButton: "Se connecter",
  signupTitle: "Créer un compte",
  firstName: "Prénom",
  lastName: "Nom",
  agreeTo: "J’accepte les",
  and: "et la",
  signUpButton: "S’inscrire",
  haveAccount: "Vous avez déjà un compte ?",
  loginLink: "Se connecter",
  sidePanelTitle: "Bon retour !",
  sidePanelText:
    "Vous faites déjà partie d’une entreprise sur {{product}} ? Connectez-vous pour reprendre là où vous vous étiez arrêté.",
  confirmTitle: "Confirmer l’inscription",
  confirmHelp:
    "Nous avons envoyé un code à 6 chiffres à {{email}}. Saisissez-le ci-dessous pour confirmer votre compte.",
  confirmationCode: "Code de confirmation",
  resendCode: "Renvoyer le code",
  confirmButton: "Confirmer",
  codeResent: "Un nouveau code a été envoyé à votre adresse e-mail.",
  forgotTitle: "Mot de passe oublié",
  forgotHelp:
    "Saisissez votre adresse e-mail et nous vous enverrons un code pour réinitialiser votre mot de passe.",
  sendCode: "Envoyer le code",
  resetTitle: "Réinitialiser le mot de passe",
  resetHelp: "Saisissez le code envoyé à {{email}} et choisissez un nouveau mot de passe.",
  code: "Code",
  newPassword: "Nouveau mot de passe",
  submit: "Valider",
  setNewPasswordTitle: "Définir un nouveau mot de passe",
  setNewPasswordHelp: "Vous devez définir un nouveau mot de passe pour votre compte avant de continuer.",
  enterNewPassword: "Saisissez le nouveau mot de passe",
  confirmNewPassword: "Confirmez le nouveau mot de passe",
  setNewPasswordButton: "Définir le nouveau mot de passe",
  feedback: {
    newAccount: "Connectez-vous avec votre nouveau compte",
    newPassword: "Connectez-vous avec votre nouveau mot de passe",
  },
};

export default auth;
