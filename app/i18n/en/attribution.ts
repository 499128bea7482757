// Texts of revenue attribution (issue 14): the setting on Settings › Organization and the orders and
// attributed revenue card of the touchpoint detail page (English).
const attribution = {
  settings: {
    title: "Revenue attribution",
    description:
      "A store order placed within this many days after a contact clicked a touchpoint's tracked link is attributed to that touchpoint. When the contact clicked several, the last click wins.",
    windowLabel: "Attribution window (days)",
    windowHelp: "A whole number of days from 1 to 90. It applies to orders received from now on.",
    save: "Save",
    saved: "Attribution window saved",
    windowRequired: "Enter the number of days.",
    windowRange: "Enter a whole number of days from 1 to 90.",
  },
  touchpoint: {
    title: "Orders and attributed revenue",
    note: "Store orders placed within {{days}} days after the contact clicked this touchpoint's tracked link (the last click wins).",
    orders: "Attributed orders",
    revenue: "Attributed revenue",
    revenueIn: "Attributed revenue ({{currency}})",
    empty: "No attributed orders yet",
    emptyHelp:
      "When a contact clicks this touchpoint's tracked link and then orders from your store within {{days}} days, the order and its revenue show here.",
    latest: "Latest attributed orders",
    order: "Order",
    contact: "Contact",
    total: "Total",
    placedAt: "Placed",
    contactGone: "Contact deleted",
  },
};

export default attribution;
