// Placeholder until the Shopify install hand-off is built (issue 13).
export { default, ErrorBoundary, loader } from "../public/pending-public";
