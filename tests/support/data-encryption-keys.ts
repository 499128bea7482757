import { afterEach } from "vitest";
import { resetConfigForTests } from "../../app/config.server";

/**
 * Rotation tests: the returned `setDataEncryptionKeys(current, ...previous)` sets DATA_ENCRYPTION_KEY
 * and DATA_ENCRYPTION_KEY_PREVIOUS as an operator would; each test file's afterEach puts back the keys
 * the setup gave it.
 */
export function dataEncryptionKeysForTests() {
  const saved = {
    current: process.env.DATA_ENCRYPTION_KEY,
    previous: process.env.DATA_ENCRYPTION_KEY_PREVIOUS,
  };
  afterEach(() => {
    restore("DATA_ENCRYPTION_KEY", saved.current);
    restore("DATA_ENCRYPTION_KEY_PREVIOUS", saved.previous);
    resetConfigForTests();
  });
  return function setDataEncryptionKeys(current: string, ...previous: string[]) {
    process.env.DATA_ENCRYPTION_KEY = current;
    restore("DATA_ENCRYPTION_KEY_PREVIOUS", previous.length > 0 ? previous.join(",") : undefined);
    resetConfigForTests();
  };
}

function restore(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

export const OLD_KEY = "the-old-data-key-0123456";
export const NEW_KEY = "the-new-data-key-6543210";
