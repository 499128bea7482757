import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { format } from "node:util";
import { afterAll, afterEach, beforeEach, vi } from "vitest";

// Runs before every test file, ahead of its imports: the app's config() reads these on first use.
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "test-session-secret-not-for-production";
// As a deployment has it (tests that set a public APP_URL seal secrets too); tests of the local
// trial's derived key delete it.
process.env.DATA_ENCRYPTION_KEY = "test-data-encryption-key-not-for-production";
// Anything that opens the default database without installing a test one gets a throwaway directory,
// never the developer's .data.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "blusteam-vitest-"));
process.env.DATA_DIR = dataDir;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// As in the Epic Stack: a console.error in a test fails it. A test that expects one says so with
// vi.spyOn(console, "error").mockImplementation(() => {}), which replaces this recorder.
let consoleErrors: string[] = [];
beforeEach(() => {
  consoleErrors = [];
  const original = console.error;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    original(...args);
    consoleErrors.push(format(...args));
  });
});
afterEach(() => {
  const errors = consoleErrors;
  consoleErrors = [];
  vi.mocked(console.error).mockRestore?.();
  if (errors.length > 0) {
    throw new Error(
      `console.error was called ${errors.length} time(s) during this test:\n${errors.map((e) => `  ${e}`).join("\n")}\n` +
        `If it is expected, mock it in the test: vi.spyOn(console, "error").mockImplementation(() => {}).`,
    );
  }
});
