// Texts of the CSV import of /contacts (English). The spec gives 'Import CSV', 'I understand',
// 'Processing CSV timed out!' and 'Contacts added successfully!'; the rest is ours.
const csvImport = {
  button: "Import CSV",
  compliance: {
    title: "SMS opt-in compliance",
    intro:
      "Before you import, please confirm that every contact in your file has agreed to receive text messages from you.",
    consent:
      "Only import people who gave you their phone number and their express consent to receive SMS messages, for example through a sign-up form or at checkout.",
    law: "Messaging people without their consent may break anti-spam and telephone consumer protection laws, and carriers may block your messages.",
    optOut:
      "Every contact can opt out at any time by replying STOP; opted-out contacts are never messaged again.",
    understand: "I understand",
  },
  products: {
    title: "Link contacts to products",
    help: "The contacts in your file will be linked to the products you select, and enter their journeys. This is optional.",
    none: "Your company has no products yet: contacts are imported without links.",
    selected: "{{count}} selected",
    next: "Next",
    back: "Back",
  },
  upload: {
    title: "Upload CSV file",
    help: "The first row names the columns. First Name, Last Name and a Phone or an Email are needed; your contact attributes are matched by their title. Upper and lower case do not matter.",
    format:
      "UTF-8 text, comma or semicolon separated, up to 100 MB. Contacts already in your list are updated (matched by phone, then email).",
    sample: "Download sample file",
    choose: "Choose CSV file",
    drop: "or drop it here",
    selected: "Selected file: {{name}} ({{size}})",
    upload: "Upload",
    notCsv: "Please choose a .csv file.",
  },
  confirm: {
    title: "Upload confirmation",
    body: "Import the contacts in {{name}} ({{size}})?",
    products: "They will be linked to: {{names}}.",
    noProducts: "They will not be linked to any product.",
    confirm: "Upload and import",
  },
  uploading: {
    title: "Uploading",
    progress: "{{done}} of {{total}} uploaded",
  },
  processing: {
    title: "Processing",
    waiting: "Waiting for the import to start…",
    progress: "{{done}} of {{total}} rows processed",
    counts: "Imported: {{imported}} · Not imported: {{failed}}",
    background:
      "You can close this window: the import goes on, and its progress is shown on the Contacts page.",
    started: "Your contacts are being imported.",
    timedOut: "Processing CSV timed out!",
    hide: "Run in background",
  },
  success: {
    title: "Contacts added successfully!",
    imported: "Imported or updated: {{number}}",
    failed: "Not imported: {{number}}",
    unknownColumns: "These columns were not recognised and were left out: {{columns}}",
    reportHelp: "The error report lists each row that was not imported, with its row number and the reason.",
    downloadReport: "Download error report",
    done: "Done",
  },
  recent: {
    button: "Imports",
    running: "Import running",
    title: "Recent imports",
    empty: "No imports yet.",
    rows: "{{done}} of {{total}} rows",
    result: "{{imported}} imported, {{failed}} not imported",
    status: {
      uploaded: "Uploaded",
      queued: "Waiting",
      processing: "Processing",
      completed: "Completed",
      failed: "Failed",
    },
    open: "Show progress",
  },
  fileErrors: {
    binary: "This file is not a CSV text file (it contains binary data).",
    notUtf8: "This file is not UTF-8 text. Save it as “CSV UTF-8” and upload it again.",
    empty: "This file is empty.",
    headerOnly: "This file has a header row but no contacts.",
    tooManyColumns: "This file has {{count}} columns; at most {{max}} are allowed.",
    unclosedQuote: "Row {{row}} opens a quoted value that is never closed.",
    rowTooLong: "Row {{row}} is too long to be a contact.",
    noKnownColumn:
      "No column of this file was recognised. Name the columns First Name, Last Name, Phone and Email (see the sample file).",
    duplicateColumn: "The columns “{{first}}” and “{{second}}” are the same field.",
    missingColumns: "This file has no column for: {{columns}}.",
    tooLarge: "This file is larger than 100 MB.",
  },
  productNotFound: "One of the selected products no longer exists.",
  forbidden: "You do not have permission to import contacts.",
  noFile: "No file was received. Please try again.",
  processingFailed:
    "The import stopped because of an unexpected error. Please try again; if it happens again, contact support with the error id {{errorId}}.",
  importFailed: "The import stopped because of an unexpected error. Please try again.",
  reasons: {
    header: "",
    tooManyFields: "This row has {{count}} values; the header has {{expected}} columns.",
    firstNameRequired: "First name: This field cannot be empty!",
    lastNameRequired: "Last name: This field cannot be empty!",
    firstNameTooLong: "First name: This value is too long.",
    lastNameTooLong: "Last name: This value is too long.",
    phoneInvalid: "Phone “{{value}}”: Please enter a valid phone number.",
    emailInvalid: "Email “{{value}}”: Please enter a valid email.",
    phoneOrEmail: "Phone number or email address is required.",
    attributeInvalid: "{{title}}: {{message}}",
    contactConflict: "The phone number belongs to one contact and the email address to another.",
    unknown: "{{text}}",
  },
  report: {
    row: "Row",
    reason: "Reason",
  },
};

export default csvImport;
