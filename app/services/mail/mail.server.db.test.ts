import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "vitest";
import { outboxMessages } from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { confirmSignUp, signUp } from "~/domain/auth/identity.server";
import { isOutboxEnabled } from "~/services/outbox/outbox.server";
import { codeIn } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { type MailAttachment, resetMailTransportForTests, sendMail } from "./mail.server";

/** A real SMTP server on a random local port: the adapter speaks SMTP to it as to any mail relay. */
type Received = { from: string; to: string[]; raw: string };
let received: Received[] = [];
let server: SMTPServer;
let smtpUrl: string;

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  smtpUrl = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// Only this file's tests see SMTP_URL; the environment is put back as it was after each one.
let previousSmtpUrl: string | undefined;
function useEnvironment(value: string | undefined) {
  if (value === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = value;
  resetConfigForTests();
  resetMailTransportForTests();
}
beforeEach(() => {
  received = [];
  previousSmtpUrl = process.env.SMTP_URL;
  useEnvironment(smtpUrl);
});
afterEach(() => useEnvironment(previousSmtpUrl));

describeEachDatabase("mail over SMTP", (getDb) => {
  test("the outbox is on without SMTP_URL and off with it", () => {
    expect(isOutboxEnabled()).toBe(false);
    useEnvironment(undefined);
    expect(isOutboxEnabled()).toBe(true);
    useEnvironment(smtpUrl);
    expect(isOutboxEnabled()).toBe(false);
  });

  test("sendMail delivers to the SMTP server and writes no outbox row", async () => {
    await sendMail({
      to: "reader@example.com",
      subject: "Plain subject",
      text: "Hello reader,\n\n424242\n\nBye",
      html: "<p>Hello reader, <b>424242</b></p>",
      replyTo: "support@blusteam.dev",
    });

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.from).toBe("no-reply@blusteam.dev");
    expect(mail.to).toEqual(["reader@example.com"]);
    expect(mail.raw).toMatch(/^Subject: Plain subject\r$/m);
    expect(mail.raw).toMatch(/^Reply-To: support@blusteam\.dev\r$/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/html/m);
    expect(codeIn(mail.raw)).toBe("424242");
    expect(await getDb().$count(outboxMessages)).toBe(0);
  });

  test("a sign-up's confirmation code arrives by SMTP and confirms the account", async () => {
    const origin = { ip: "203.0.113.7", language: "en" as const };
    await signUp(
      { email: "nina@example.com", givenName: "Nina", familyName: "Novak", password: "first-password-1" },
      origin,
    );

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.to).toEqual(["nina@example.com"]);
    expect(mail.raw).toMatch(/^Subject: Your Blusteam confirmation code\r$/m);
    expect(await getDb().$count(outboxMessages)).toBe(0);

    const code = codeIn(mail.raw);
    expect(await confirmSignUp("nina@example.com", code, origin)).toEqual({ ok: true, value: "confirmed" });
  });

  test("an address field holding a list is refused, by SMTP and in the outbox: nobody gets the mail", async () => {
    const listed = {
      to: "reader@example.com, other@example.net",
      subject: "One",
      text: "1",
      html: "<p>1</p>",
    };
    await expect(sendMail(listed)).rejects.toMatchObject({ code: "EMAXRECIPIENTS" });
    expect(received).toEqual([]);

    useEnvironment(undefined);
    await expect(sendMail(listed)).rejects.toMatchObject({ code: "EMAXRECIPIENTS" });
    expect(await getDb().$count(outboxMessages)).toBe(0);
  });

  test("a message cannot make the mailer read a file or fetch a URL", async () => {
    // Our attachments are bytes (MailAttachment has no path); these are what nodemailer would otherwise read.
    const cases = [
      [{ filename: "hosts", path: "/etc/hosts" }, /^File access rejected for \/etc\/hosts/],
      [
        { filename: "page", href: "http://127.0.0.1:9/" },
        /^Url access rejected for http:\/\/127\.0\.0\.1:9\//,
      ],
    ] as const;
    for (const [attachment, refusal] of cases) {
      const message = { to: "reader@example.com", subject: "File", text: "f", html: "<p>f</p>" };
      await expect(
        sendMail({ ...message, attachments: [attachment as unknown as MailAttachment] }),
      ).rejects.toThrow(refusal);
    }
    expect(received).toEqual([]);
  });

  test("without SMTP_URL the same mail lands in the outbox and not on the server", async () => {
    useEnvironment(undefined);

    await sendMail({ to: "reader@example.com", subject: "Local", text: "123123", html: "<p>123123</p>" });

    expect(received).toEqual([]);
    const rows = await getDb().select().from(outboxMessages);
    expect(rows).toMatchObject([{ channel: "email", recipient: "reader@example.com", subject: "Local" }]);
  });

  test("an attachment goes to the SMTP server as a file of the message", async () => {
    await sendMail({
      to: "admin@example.com",
      subject: "Your export",
      text: "Attached.",
      html: "<p>Attached.</p>",
      attachments: [
        { filename: "export.json", content: '{"hello":"world"}', contentType: "application/json" },
      ],
    });

    expect(received).toHaveLength(1);
    const raw = received[0].raw;
    expect(raw).toMatch(/^Content-Type: application\/json; name=export\.json\r$/m);
    expect(raw).toMatch(/^Content-Disposition: attachment; filename=export\.json\r$/m);
    expect(raw).toContain(Buffer.from('{"hello":"world"}').toString("base64"));
  });

  test("without SMTP_URL an attachment is kept with its outbox copy, written where the caller says", async () => {
    useEnvironment(undefined);
    const db = getDb();

    await db.transaction(async (tx) => {
      await sendMail(
        {
          to: "admin@example.com",
          subject: "Your export",
          text: "Attached.",
          html: "<p>Attached.</p>",
          attachments: [{ filename: "export.json", content: '{"a":1}', contentType: "application/json" }],
        },
        { db: tx },
      );
    });

    const [row] = await db.select().from(outboxMessages);
    expect(row.attachments).toEqual([
      {
        filename: "export.json",
        contentType: "application/json",
        contentBase64: Buffer.from('{"a":1}').toString("base64"),
      },
    ]);
  });
});
