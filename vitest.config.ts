import { defineConfig } from "vitest/config";

// The React Router plugin is not loaded here: unit and database tests import modules directly.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/support/vitest-setup.ts"],
    // Real scrypt hashing on a busy 2-core machine: generous, so only a hang fails a test.
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
