import { expect, test, vi } from "vitest";

test("server.ts and the built server bundle (two copies of this module) hand out the same contexts", async () => {
  // Before, the bundle's loaders looked up their own copy, never the one server.ts set: every
  // visitor's address read "unknown".
  const first = await import("./context.server");
  vi.resetModules();
  const second = await import("./context.server");
  expect(second).not.toBe(first);
  expect(second.clientIpContext).toBe(first.clientIpContext);
  expect(second.fromThisMachineContext).toBe(first.fromThisMachineContext);
});
