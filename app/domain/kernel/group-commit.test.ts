import { expect, test } from "vitest";
import { GroupCommit } from "./group-commit";

test("one caller alone is written at once; callers arriving during a write share the next one", async () => {
  const batches: number[][] = [];
  let release: () => void = () => {};
  const group = new GroupCommit<number, string>(async (items) => {
    batches.push(items);
    if (batches.length === 1)
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    return items.map((item) => `done ${item}`);
  });
  const first = group.submit(1);
  const rest = [group.submit(2), group.submit(3), group.submit(4)];
  expect(batches).toEqual([[1]]);
  release();
  expect(await first).toBe("done 1");
  expect(await Promise.all(rest)).toEqual(["done 2", "done 3", "done 4"]);
  expect(batches).toEqual([[1], [2, 3, 4]]);
});

test("a batch is cut at maxBatch, and a failed write fails only its own callers", async () => {
  const batches: number[][] = [];
  const group = new GroupCommit<number, number>(async (items) => {
    batches.push(items);
    if (items.includes(3)) throw new Error("disk full");
    return items;
  }, 2);
  const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => group.submit(n)));
  expect(batches).toEqual([[1], [2, 3], [4, 5]]);
  expect(results.map((r) => r.status)).toEqual([
    "fulfilled",
    "rejected",
    "rejected",
    "fulfilled",
    "fulfilled",
  ]);
});

test("a write that returns the wrong number of results rejects its callers", async () => {
  const group = new GroupCommit<number, number>(async () => []);
  await expect(group.submit(1)).rejects.toThrow(/0 results for 1 items/);
});
