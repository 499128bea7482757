import v8 from "node:v8";
import vm from "node:vm";

/**
 * A batch's rows outlive a few young-generation collections (they wait for the previous batch's
 * merge), so V8 moves them to the old generation, where it lets garbage pile up to several times
 * what is alive before it collects: over a file of a million rows the process grew by ~150 MB of
 * dead batches. A full collection whenever the heap has grown by FULL_GC_GROWTH since the last one
 * (every few batches, tens of milliseconds each, while the database merges the previous batch)
 * keeps the import's memory flat whatever the file's size.
 */
const FULL_GC_GROWTH = 32 * 1024 * 1024;
let heapAfterGc = 0;
let fullGc: (() => void) | null | undefined;

export function releaseBatchMemory() {
  if (fullGc === undefined) {
    try {
      v8.setFlagsFromString("--expose-gc");
      fullGc = vm.runInNewContext("gc") as () => void;
    } catch {
      fullGc = null;
    }
  }
  if (!fullGc) return;
  const used = v8.getHeapStatistics().used_heap_size;
  if (heapAfterGc === 0 || used < heapAfterGc) heapAfterGc = used;
  else if (used - heapAfterGc > FULL_GC_GROWTH) {
    fullGc();
    heapAfterGc = v8.getHeapStatistics().used_heap_size;
  }
}
