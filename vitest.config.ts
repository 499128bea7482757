import os from "node:os";
import { defineConfig } from "vitest/config";

// The React Router plugin is not loaded here: unit and database tests import modules directly.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/support/vitest-setup.ts"],
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. Database tests
    // spend much of their time waiting for PostgreSQL, so two workers there finish about a third sooner
    // (40 database test files: 236 s with one, 161 s with two).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Real scrypt hashing on a busy 2-core machine: generous, so only a hang fails a test.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // Since Vitest 5 expect.poll fails once its timeout passes even if a slow attempt then succeeds; its
    // default second is less than one database round trip takes on a busy machine (two polls failed so).
    expect: { poll: { timeout: 10_000 } },
  },
});
