// Texts of a merchant's first hour: the first-run checklist and its hints (issue 20) (English).
const firstRun = {
  checklist: {
    title: "Get your first journey going",
    progress: "{{done}} of {{total}} done",
    dismiss: "Hide this checklist",
    done: "Done",
    toDo: "To do",
    steps: {
      product: {
        title: "Add a product",
        text: "Each product has its own journey of messages to the customers who bought it.",
        action: "Add a product",
      },
      touchpoint: {
        title: "Write its first touchpoint",
        text: "The first message your customers get after buying, and when it goes.",
        action: "Write a touchpoint",
      },
      contacts: {
        title: "Add or import contacts",
        text: "Add a customer by hand, or import a CSV file of your customers.",
        action: "Go to contacts",
      },
      test: {
        title: "Send a test",
        text: "Use Test now on a touchpoint to see the message as your customers will.",
        action: "Send a test",
      },
      live: {
        title: "Make the journey live",
        text: "A live journey messages the contacts linked to its product; until then it sends nothing.",
        action: "Open touchpoints",
      },
      shopify: {
        title: "Connect Shopify",
        text: "Orders from your store then add their buyers and link them to the product.",
        action: "Connect your store",
      },
    },
  },
  setup: {
    linkShortenerHelp: "The short, tracked links in your text messages are built on this name.",
    chatstreamHelp: "The address of your web chat (ChatStream) is built on this name.",
    proposed: "Proposed from the company name; you may change it.",
  },
  country: {
    label: "Country",
    help: "Phone numbers written without +country code are read as numbers of this country.",
  },
  validation: {
    countryRequired: "Please select the country of your company",
  },
  adminPickCompany: {
    title: "Pick a company first",
    body: "This screen shows a company's data, and you are not viewing a company. Pick one in Admin → Companies below: choose View As (RO Admin or Admin) on its row, then open the screen again.",
  },
  contactConsent: {
    title: "SMS consent",
    checkbox: "This contact agreed to receive marketing text messages",
    source: "How they agreed",
    sourceHelp: "For example: signed up at the shop counter, ticked the box at checkout.",
    sourceRequired: "Please say how the contact agreed to receive text messages",
    product: "Product to link",
    productNone: "No product",
    productHelp: "Linking enrolls the contact in the product's journey.",
  },
};

export default firstRun;
