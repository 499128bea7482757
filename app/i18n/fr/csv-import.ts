import type csvImportEn from "../en/csv-import";

// Textes de l’import CSV de /contacts (français).
const csvImport: typeof csvImportEn = {
  button: "Importer un CSV",
  compliance: {
    title: "Consentement aux SMS",
    intro: "Avant d’importer, confirmez que chaque contact de votre fichier a accepté de recevoir vos SMS.",
    consent:
      "N’importez que des personnes qui vous ont donné leur numéro et leur accord exprès pour recevoir des SMS, par exemple via un formulaire d’inscription ou lors d’un achat.",
    law: "Écrire à des personnes sans leur accord peut enfreindre les lois contre le démarchage et le spam, et les opérateurs peuvent bloquer vos messages.",
    optOut:
      "Chaque contact peut se désinscrire à tout moment en répondant STOP ; il n’est alors plus jamais contacté.",
    understand: "J’ai compris",
  },
  products: {
    title: "Associer les contacts à des produits",
    help: "Les contacts de votre fichier seront associés aux produits choisis et entreront dans leurs parcours. C’est facultatif.",
    none: "Votre entreprise n’a pas encore de produit : les contacts sont importés sans association.",
    selected: "{{count}} sélectionné(s)",
    next: "Suivant",
    back: "Retour",
  },
  upload: {
    title: "Téléverser un fichier CSV",
    help: "La première ligne nomme les colonnes. Prénom (First Name), Nom (Last Name) et un téléphone (Phone) ou un e-mail (Email) sont nécessaires ; vos attributs de contact sont reconnus par leur titre. Majuscules et minuscules sont indifférentes.",
    format:
      "Texte UTF-8, séparé par des virgules ou des points-virgules, 100 Mo au plus. Les contacts déjà présents sont mis à jour (reconnus par le téléphone, puis l’e-mail).",
    sample: "Télécharger un exemple",
    choose: "Choisir un fichier CSV",
    drop: "ou déposez-le ici",
    selected: "Fichier choisi : {{name}} ({{size}})",
    upload: "Téléverser",
    notCsv: "Veuillez choisir un fichier .csv.",
  },
  confirm: {
    title: "Confirmation du téléversement",
    body: "Importer les contacts de {{name}} ({{size}}) ?",
    products: "Ils seront associés à : {{names}}.",
    noProducts: "Ils ne seront associés à aucun produit.",
    confirm: "Téléverser et importer",
    scanning: "Lecture du fichier…",
    unreadable: "Le fichier n’a pas pu être lu ici ; le téléversement dira pourquoi.",
    rows_one: "{{count}} ligne de contact dans ce fichier.",
    rows_other: "{{count}} lignes de contact dans ce fichier.",
    smsTitle: "SMS",
    whatsappTitle: "WhatsApp",
    column: "Le consentement est lu dans la colonne « {{column}} ».",
    noColumn:
      "Ce fichier n’a pas de colonne de consentement SMS (comme « SMS Consent », « Accepts SMS » ou « Opt-in »).",
    canReceive_one: "{{count}} ligne peut recevoir des messages",
    canReceive_other: "{{count}} lignes peuvent recevoir des messages",
    cannotReceive_one: "{{count}} ligne ne le peut pas :",
    cannotReceive_other: "{{count}} lignes ne le peuvent pas :",
    noneCannot: "Toutes les lignes peuvent recevoir des messages.",
    reach: {
      noPhone: "{{count}} sans numéro de téléphone",
      saysNo: "{{count}} pour lesquelles le fichier indique l’absence de consentement",
      noConsent: "{{count}} sans consentement dans le fichier ni déclaré",
      noConsentInFile: "{{count}} sans consentement dans le fichier",
      invalid:
        "{{count}} dont la valeur de consentement n’est pas comprise (ces lignes ne seront pas importées)",
    },
    declare: "Ces contacts ont consenti aux SMS",
    declareHelp:
      "Cochez seulement si chaque contact dont le fichier ne dit rien a accepté de recevoir vos SMS. C’est enregistré comme le consentement de chaque contact, avec la source et la date ci-dessous ; les lignes dont la colonne de consentement dit non restent sans consentement.",
    declareSource: "Comment ont-ils accepté ?",
    declareSourceHelp:
      "Par exemple : le formulaire d’inscription de notre site, ou le formulaire papier en boutique.",
    declareSourceRequired: "Indiquez comment les contacts ont accepté (au moins 3 caractères).",
    declareDate: "Quand ont-ils accepté ?",
    declareDateInvalid: "Saisissez une date qui n’est pas dans le futur.",
  },
  uploading: {
    title: "Téléversement",
    progress: "{{done}} sur {{total}} téléversés",
  },
  processing: {
    title: "Traitement",
    waiting: "En attente du démarrage de l’import…",
    progress: "{{done}} lignes traitées sur {{total}}",
    counts: "Importés : {{imported}} · Non importés : {{failed}}",
    background:
      "Vous pouvez fermer cette fenêtre : l’import continue et sa progression s’affiche sur la page Contacts.",
    started: "Vos contacts sont en cours d’import.",
    timedOut: "Le traitement du CSV a expiré !",
    hide: "Continuer en arrière-plan",
    resuming:
      "Reprise : le serveur qui importait ce fichier s’est arrêté, un autre reprend à la dernière ligne enregistrée. Rien n’est importé deux fois.",
  },
  success: {
    title: "Contacts ajoutés avec succès !",
    titleWithRefused_one: "Import terminé : {{number}} ligne a été refusée",
    titleWithRefused_other: "Import terminé : {{number}} lignes ont été refusées",
    added: "Ajoutés : {{number}}",
    updated: "Mis à jour : {{number}}",
    refused: "Refusées : {{number}}",
    firstRefused_one: "La première ligne refusée",
    firstRefused_other: "Les {{count}} premières lignes refusées",
    allRefused_one: "La ligne refusée",
    allRefused_other: "Les lignes refusées",
    refusedRow: "Ligne {{row}} : {{reasons}}",
    imported: "Importés ou mis à jour : {{number}}",
    failed: "Non importés : {{number}}",
    unknownColumns: "Ces colonnes n’ont pas été reconnues et ont été ignorées : {{columns}}",
    reportHelp: "Le rapport d’erreurs liste chaque ligne non importée, avec son numéro et la raison.",
    downloadReport: "Télécharger le rapport d’erreurs",
    done: "Terminé",
  },
  recent: {
    button: "Imports",
    running: "Import en cours",
    title: "Imports récents",
    empty: "Aucun import pour le moment.",
    rows: "{{done}} lignes sur {{total}}",
    resuming: "Reprise sur un autre serveur",
    result: "{{imported}} importés, {{failed}} non importés",
    status: {
      uploaded: "Téléversé",
      queued: "En attente",
      processing: "En cours",
      completed: "Terminé",
      failed: "Échoué",
    },
    open: "Voir la progression",
  },
  fileErrors: {
    binary: "Ce fichier n’est pas un fichier texte CSV (il contient des données binaires).",
    notUtf8:
      "Ce fichier n’est pas du texte UTF-8. Enregistrez-le au format « CSV UTF-8 » puis téléversez-le à nouveau.",
    empty: "Ce fichier est vide.",
    headerOnly: "Ce fichier a une ligne d’en-tête mais aucun contact.",
    tooManyColumns: "Ce fichier a {{count}} colonnes ; {{max}} au plus sont acceptées.",
    unclosedQuote: "La ligne {{row}} ouvre des guillemets qui ne sont jamais fermés.",
    rowTooLong: "La ligne {{row}} est trop longue pour être un contact.",
    noKnownColumn:
      "Aucune colonne de ce fichier n’a été reconnue. Nommez les colonnes First Name, Last Name, Phone et Email (voir l’exemple).",
    duplicateColumn: "Les colonnes « {{first}} » et « {{second}} » désignent le même champ.",
    missingColumns: "Ce fichier n’a pas de colonne pour : {{columns}}.",
    tooLarge: "Ce fichier dépasse 100 Mo.",
  },
  consentDeclarationInvalid:
    "La déclaration de consentement SMS doit indiquer sa source et une date qui n’est pas dans le futur.",
  productNotFound: "Un des produits choisis n’existe plus.",
  forbidden: "Vous n’avez pas le droit d’importer des contacts.",
  noFile: "Aucun fichier n’a été reçu. Veuillez réessayer.",
  processingFailed:
    "L’import s’est arrêté à cause d’une erreur inattendue. Veuillez réessayer ; si cela se reproduit, contactez le support en indiquant l’identifiant d’erreur {{errorId}}.",
  importFailed: "L’import s’est arrêté à cause d’une erreur inattendue. Veuillez réessayer.",
  reasons: {
    header: "",
    tooManyFields: "Cette ligne a {{count}} valeurs ; l’en-tête a {{expected}} colonnes.",
    firstNameRequired: "Prénom : ce champ ne peut pas être vide !",
    lastNameRequired: "Nom : ce champ ne peut pas être vide !",
    firstNameTooLong: "Prénom : cette valeur est trop longue.",
    lastNameTooLong: "Nom : cette valeur est trop longue.",
    phoneInvalid: "Téléphone « {{value}} » : veuillez saisir un numéro de téléphone valide.",
    emailInvalid: "E-mail « {{value}} » : veuillez saisir un e-mail valide.",
    phoneOrEmail: "Un numéro de téléphone ou une adresse e-mail est requis.",
    attributeInvalid: "{{title}} : {{message}}",
    consentInvalid:
      "{{column}} « {{value}} » : utilisez oui ou non, true ou false, 1 ou 0, ou la date du consentement (AAAA-MM-JJ).",
    contactConflict: "Le numéro de téléphone appartient à un contact et l’adresse e-mail à un autre.",
    unknown: "{{text}}",
  },
  report: {
    row: "Ligne",
    reason: "Raison",
  },
};

export default csvImport;
