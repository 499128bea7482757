import type { StripeStore } from "./stripe-store";

/** The stand-in's hosted pages: Checkout (with a Pay button) and the billing portal. */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const pageOf = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body><main><h1>${title}</h1>${body}</main></body></html>`;

const money = (cents: number, currency: string) =>
  `${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })} ${currency.toUpperCase()}`;

export function checkoutPage(store: StripeStore, sessionId: string): { status: number; html: string } {
  const session = store.sessions.get(sessionId);
  const details = store.checkoutDetails.get(sessionId);
  if (!session || !details)
    return { status: 404, html: pageOf("Stand-in Checkout", "<p>No such checkout session.</p>") };
  const rows = details.lineItems
    .map(({ price, quantity }) => {
      const product = store.products.get(price.product)?.name ?? price.product;
      const amount =
        price.recurring?.usage_type === "metered"
          ? `${money(price.unit_amount, price.currency)} per unit used`
          : `${quantity} × ${money(price.unit_amount, price.currency)} / ${price.recurring?.interval}`;
      return `<li data-price="${escapeHtml(price.id)}">${escapeHtml(product)}: ${escapeHtml(amount)}</li>`;
    })
    .join("");
  const trialEnd = details.subscriptionData.trialEnd;
  const trial = trialEnd ? `<p>Free until ${new Date(trialEnd * 1000).toISOString().slice(0, 10)}</p>` : "";
  const email = session.customer_email ?? store.customers.get(session.customer)?.email ?? "";
  const action =
    session.status === "open"
      ? `<form method="post" action="/checkout/${escapeHtml(session.id)}/pay"><button type="submit">Pay</button></form>` +
        (session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : "")
      : `<p>This checkout session is ${escapeHtml(session.status)}.</p>`;
  return {
    status: 200,
    html: pageOf("Stand-in Checkout", `<p>${escapeHtml(email)}</p><ul>${rows}</ul>${trial}${action}`),
  };
}

export function portalPage(store: StripeStore, portalSessionId: string): { status: number; html: string } {
  const session = store.portalSessions.get(portalSessionId);
  if (!session) return { status: 404, html: pageOf("Stand-in Billing Portal", "<p>No such session.</p>") };
  const customer = store.customers.get(session.customer);
  const subscriptions = [...store.subscriptions.values()]
    .filter((s) => s.customer === session.customer)
    .map((s) => `<li>${escapeHtml(s.id)}: ${escapeHtml(s.status)}</li>`)
    .join("");
  const back = session.return_url
    ? `<p><a href="${escapeHtml(session.return_url)}">Return to the app</a></p>`
    : "";
  return {
    status: 200,
    html: pageOf(
      "Stand-in Billing Portal",
      `<p>${escapeHtml(customer?.email ?? session.customer)}</p><ul>${subscriptions}</ul>${back}`,
    ),
  };
}
