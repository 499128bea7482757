// Placeholder until the embedded Shopify admin surface is built (issue 13).
export function loader() {
  return new Response("Not Found", { status: 404 });
}
