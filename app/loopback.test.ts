import { expect, test } from "vitest";
import { cameFromThisMachine, isLoopbackAddress, isLoopbackHostname } from "./loopback";

test("loopback host names: localhost, 127.0.0.0/8 and ::1, nothing that merely contains them", () => {
  for (const host of ["localhost", "LOCALHOST", "app.localhost", "127.0.0.1", "127.1.2.3", "[::1]", "::1"])
    expect(isLoopbackHostname(host), host).toBe(true);
  for (const host of [
    "example.com",
    "localhost.example.com",
    "127.0.0.1.nip.io",
    "10.0.0.1",
    "[::2]",
    "0.0.0.0",
  ])
    expect(isLoopbackHostname(host), host).toBe(false);
});

test("loopback socket addresses, IPv4 also when mapped into IPv6", () => {
  for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
    expect(isLoopbackAddress(address)).toBe(true);
  for (const address of ["192.168.1.2", "::ffff:10.0.0.1", "fe80::1", "", undefined])
    expect(isLoopbackAddress(address)).toBe(false);
});

test("a request relayed by a proxy on this machine does not count as from this machine", () => {
  expect(cameFromThisMachine("127.0.0.1", { host: "localhost:3000" })).toBe(true);
  expect(cameFromThisMachine("10.1.2.3", {})).toBe(false);
  expect(cameFromThisMachine("127.0.0.1", { "x-forwarded-for": "203.0.113.9" })).toBe(false);
  expect(cameFromThisMachine("::1", { forwarded: "for=203.0.113.9" })).toBe(false);
  expect(cameFromThisMachine("127.0.0.1", { "x-real-ip": "203.0.113.9" })).toBe(false);
});
