import type messagingSettingsEn from "../en/messaging-settings";

// Texts of the messaging settings card (Settings, Organization tab), French.
const messagingSettings: typeof messagingSettingsEn = {
  title: "Messagerie",
  description:
    "Les heures calmes empêchent l'envoi de SMS et messages WhatsApp marketing entre 21 h et 8 h dans le fuseau horaire du contact. Quand le numéro du contact ne l'indique pas, ce fuseau est utilisé.",
  timeZone: "Fuseau horaire",
  helpText: "Réponse à HELP",
  helpTextHelp: "Ce que reçoit un contact qui envoie HELP. Laissez vide pour : {{example}}",
  edit: "Modifier les réglages de messagerie",
  save: "Enregistrer",
  saved: "Réglages de messagerie enregistrés",
  timeZoneInvalid: "Choisissez un fuseau horaire dans la liste.",
  helpTextTooLong: "La réponse doit faire moins de 320 caractères.",
};

export default messagingSettings;
