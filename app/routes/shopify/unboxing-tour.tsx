// Placeholder until this screen is built (issue 13).
export { default, ErrorBoundary, loader } from "../pending-screen";
