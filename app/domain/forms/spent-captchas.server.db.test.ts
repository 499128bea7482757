import { expect, test } from "vitest";
import { usedCaptchas } from "#db/schema";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { pruneSpentCaptchas } from "./spent-captchas.server";

describeEachDatabase("spent captchas", (getDb) => {
  test("expired ones are deleted, ones still able to be replayed are kept", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    await getDb()
      .insert(usedCaptchas)
      .values([
        { signature: "expired", expiresAt: new Date(now.getTime() - 1_000) },
        { signature: "live", expiresAt: new Date(now.getTime() + 60_000) },
      ]);
    expect(await pruneSpentCaptchas(now)).toBe(1);
    expect((await getDb().select().from(usedCaptchas)).map((row) => row.signature)).toEqual(["live"]);
  });
});
