import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { resetConfigForTests } from "~/config.server";

/**
 * For a test file that talks to an outside service through its real adapter: one stand-in for the
 * file (started in beforeAll, closed in afterAll); before each test, `beforeEachTest` puts it back in
 * its first state and the app's settings (`env`) point at it; after each test those settings are
 * put back as they were. Returns a getter for the stand-in (it exists from beforeAll on).
 */
export function setUpStandIn<Stand>(options: {
  /** Named in the getter's error when a test reads the stand-in too early. */
  name: string;
  start: () => Promise<Stand>;
  close: (stand: Stand) => Promise<unknown>;
  /** The environment the app reads its settings from, pointed at the stand-in. */
  env: (stand: Stand) => Record<string, string>;
  /** Resets the stand-in before each test (before the settings are set). */
  reset?: (stand: Stand) => void;
  /** After the settings are set: what needs them (a catalogue synced through the adapter). */
  afterSettings?: (stand: Stand) => Promise<void> | void;
}): () => Stand {
  let stand: Stand | undefined;
  let saved: Record<string, string | undefined> = {};
  const current = () => {
    if (stand === undefined) throw new Error(`the ${options.name} stand-in starts in beforeAll`);
    return stand;
  };
  beforeAll(async () => {
    stand = await options.start();
  });
  afterAll(async () => {
    if (stand !== undefined) await options.close(stand);
  });
  beforeEach(async () => {
    const env = options.env(current());
    saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
    options.reset?.(current());
    Object.assign(process.env, env);
    resetConfigForTests();
    await options.afterSettings?.(current());
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfigForTests();
  });
  return current;
}
