import { databaseHandle } from "#db/client.server";
import { dispatchDue } from "./claim-due.server";
import { DISPATCH_CHANNEL, queueDispatchJob } from "./queue.server";
import { sweep } from "./sweep.server";

/**
 * The dispatch job: sweep, then dispatch chunks for up to ~20 s; queues itself again if work remains.
 * When there is more than a chunk due it queues one more dispatch job at once, so that other workers
 * dispatch alongside (SKIP LOCKED keeps them apart).
 */
export async function runDispatchJob(options: { signal?: AbortSignal } = {}): Promise<void> {
  await sweep();
  const deadline = Date.now() + 20_000;
  let fannedOut = false;
  for (;;) {
    const result = await dispatchDue();
    if (!result.more) return;
    if (!fannedOut) {
      // A full chunk: more is due. Another worker may take a second dispatch job meanwhile.
      fannedOut = true;
      await queueDispatchJob();
    }
    if (Date.now() > deadline || options.signal?.aborted) {
      await queueDispatchJob();
      return;
    }
  }
}

/**
 * In a worker process: listens for wake-ups (enrollments that became due, journey state changes,
 * wakeDispatcher) and queues a dispatch job for each, at most one every half second; queues one now
 * to catch up with what came due while no worker ran. Returns the function that stops listening.
 */
export async function startDispatchListener(): Promise<() => Promise<void>> {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wake = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!stopped) queueDispatchJob().catch((error) => console.error("journey dispatch:", error));
    }, 500);
  };
  const unlisten = await databaseHandle().listen(DISPATCH_CHANNEL, wake);
  await queueDispatchJob();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await unlisten().catch(() => {});
  };
}
