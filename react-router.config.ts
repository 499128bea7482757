import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets two test runs on one machine (different E2E_PORTs) build without clobbering each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: { v8_middleware: true },
  // The whole route manifest goes to the browser as one cacheable file instead of a partial manifest
  // inlined in every page: building that matched every route against each parent path of the URL,
  // about 3% of a signed-in page's server time (`npm run bench:pages`), and navigations no longer
  // wait for /__manifest before they start.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
