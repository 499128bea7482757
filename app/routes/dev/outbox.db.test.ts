import { RouterContextProvider } from "react-router";
import { afterEach, expect, test } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { fromThisMachineContext } from "~/context.server";
import { recordOutboxMessage } from "~/services/outbox/outbox.server";
import { describeEachDatabase } from "../../../tests/support/test-database";
import type { Route } from "./+types/outbox";
import { loader } from "./outbox";

const KEYS = ["APP_URL", "SMTP_URL", "DEV_OUTBOX"] as const;
function withEnv(values: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const key of KEYS) delete process.env[key];
  Object.assign(process.env, values);
  resetConfigForTests();
}

/** The loader as server.ts calls it: the context says whether the socket was this machine's. */
async function openOutbox(fromThisMachine: boolean) {
  const context = new RouterContextProvider();
  context.set(fromThisMachineContext, fromThisMachine);
  const request = new Request("http://localhost:3000/dev/outbox");
  try {
    const data = await loader({ request, context, params: {} } as unknown as Route.LoaderArgs);
    return { status: 200, recipients: data.messages.map((m) => m.recipient) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    throw thrown;
  }
}

describeEachDatabase("/dev/outbox", () => {
  afterEach(() => withEnv({}));

  const recordCode = () =>
    recordOutboxMessage({
      channel: "email",
      recipient: "victim@example.com",
      sender: "Blusteam <no-reply@blusteam.dev>",
      subject: "Your code",
      text: "123456",
    });

  test("the local trial shows the outbox to this machine without signing in, and to no one else", async () => {
    withEnv({});
    await recordCode();
    expect(await openOutbox(true)).toEqual({ status: 200, recipients: ["victim@example.com"] });
    expect(await openOutbox(false)).toEqual({ status: 404 });
  });

  test("a deployment with SMTP_URL has no outbox, not even for this machine", async () => {
    withEnv({ APP_URL: "https://example.com", SMTP_URL: "smtp://mail.example.com:587" });
    await recordCode();
    expect(await openOutbox(true)).toEqual({ status: 404 });
    expect(await openOutbox(false)).toEqual({ status: 404 });
  });

  test("DEV_OUTBOX=true on a public APP_URL serves it to this machine only", async () => {
    withEnv({ APP_URL: "https://staging.example.com", DEV_OUTBOX: "true" });
    await recordCode();
    expect(await openOutbox(true)).toEqual({ status: 200, recipients: ["victim@example.com"] });
    expect(await openOutbox(false)).toEqual({ status: 404 });
  });
});
