// Placeholder until the Shopify webhooks are built (issue 13).
export function action() {
  return new Response("Not Found", { status: 404 });
}
