import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets two test runs on one machine (different E2E_PORTs) build without clobbering each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: { v8_middleware: true },
} satisfies Config;
