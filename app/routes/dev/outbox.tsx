import { Badge, BlockStack, Box, Card, InlineStack, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { fromThisMachineContext } from "~/context.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { listOutboxMessages, requireLocalOutbox } from "~/services/outbox/outbox.server";
import { EmptyMessage } from "~/ui/empty-message";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/outbox";

/** The local outbox: for the local trial only, and only to this machine (see requireLocalOutbox). */
export async function loader({ context }: Route.LoaderArgs) {
  requireLocalOutbox(context.get(fromThisMachineContext));
  const messages = await listOutboxMessages();
  return {
    messages: messages.map((m) => ({
      id: m.id,
      channel: m.channel,
      recipient: m.recipient,
      sender: m.sender,
      subject: m.subject,
      text: m.text,
      attachments: m.attachments ?? [],
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <Page title={t("outbox.title")} subtitle={t("outbox.subtitle")}>
      <BlockStack gap="400">
        {loaderData.messages.length === 0 ? (
          <Card>
            <EmptyMessage heading={t("outbox.empty")} />
          </Card>
        ) : null}
        {loaderData.messages.map((message) => (
          <Card key={message.id}>
            <article aria-label={message.subject ?? message.recipient} className="outbox-message">
              <BlockStack gap="200">
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="h2" variant="headingMd">
                    {message.subject ?? message.channel.toUpperCase()}
                  </Text>
                  <Badge>{message.channel}</Badge>
                </InlineStack>
                <Text as="p" tone="subdued" variant="bodySm">
                  {t("outbox.to")}: {message.recipient} · {t("outbox.from")}: {message.sender} ·{" "}
                  {t("outbox.sentAt")}: {new Date(message.createdAt).toLocaleString(i18n.language)}
                </Text>
                <Box padding="300" background="bg-surface-secondary" borderRadius="200">
                  <pre className="outbox-text">{message.text}</pre>
                </Box>
                {message.attachments.length > 0 ? (
                  <Text as="p" variant="bodySm">
                    {t("outbox.attachments")}:{" "}
                    {message.attachments.map((file) => (
                      // The file itself, as the recipient would open it (the outbox is local only).
                      <a
                        key={file.filename}
                        download={file.filename}
                        href={`data:${file.contentType};base64,${file.contentBase64}`}
                      >
                        {file.filename}{" "}
                      </a>
                    ))}
                  </Text>
                ) : null}
              </BlockStack>
            </article>
          </Card>
        ))}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
