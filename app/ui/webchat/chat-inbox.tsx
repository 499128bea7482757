import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  InlineStack,
  Layout,
  Link,
  Page,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useSearchParams, useSubmit } from "react-router";
import type { ConversationSummary, ConversationThread } from "~/domain/webchat/chat/conversations.server";
import type { InboxData } from "~/domain/webchat/chat/inbox.server";
import { MAX_MESSAGE_LENGTH, replySchema } from "~/domain/webchat/chat/reply-schema";
import { asI18nKey } from "~/i18n/keys";
import { contactDetailUrl } from "~/ui/contacts/contacts-table";
import { EmptyMessage } from "~/ui/empty-message";
import { FormTextField } from "~/ui/fields";
import { ToastView } from "~/ui/toast";
import { useLiveUpdates } from "~/ui/use-live-updates";

export type ChatInboxProps = {
  data: InboxData;
  /** /chat-interface: every company's conversations, each naming its company. */
  allCompanies: boolean;
  canReply: boolean;
  chatUrl: string | null;
};

function formatTime(iso: string, locale: string) {
  return new Date(iso).toLocaleString(locale, { dateStyle: "short", timeStyle: "short" });
}

/** The staff side of the web chat: conversations on the left, the open thread and its reply on the right. */
export function ChatInbox({ data, allCompanies, canReply, chatUrl }: ChatInboxProps) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  // A contact's message refreshes the list and the open thread without a reload.
  useLiveUpdates(undefined, `/resources/chat-inbox-events${allCompanies ? "?scope=all" : ""}`);
  const selectedId = data.thread?.conversation.id ?? null;
  return (
    <Page
      title={t(allCompanies ? "chatApp.inbox.adminTitle" : "chatApp.inbox.title")}
      subtitle={t(allCompanies ? "chatApp.inbox.adminSubtitle" : "chatApp.inbox.subtitle")}
      secondaryActions={
        chatUrl ? [{ content: t("chatApp.inbox.openChatApp"), url: chatUrl, external: true }] : []
      }
    >
      <Layout>
        {data.notFound ? (
          <Layout.Section>
            <Banner tone="critical">{t("chatApp.inbox.notFound")}</Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section variant="oneThird">
          <ConversationList
            conversations={data.conversations}
            search={data.search}
            selectedId={selectedId}
            allCompanies={allCompanies}
            locale={i18n.language}
            query={params.get("q") ?? ""}
          />
        </Layout.Section>
        <Layout.Section>
          {data.thread ? (
            <Thread
              key={data.thread.conversation.id}
              thread={data.thread}
              canReply={canReply}
              allCompanies={allCompanies}
              locale={i18n.language}
            />
          ) : (
            <Card>
              <EmptyMessage heading={t("chatApp.inbox.selectConversation")}>
                {t("chatApp.inbox.selectBody")}
              </EmptyMessage>
            </Card>
          )}
        </Layout.Section>
      </Layout>
    </Page>
  );
}

function ConversationList(props: {
  conversations: ConversationSummary[];
  search: string;
  selectedId: string | null;
  allCompanies: boolean;
  locale: string;
  query: string;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [term, setTerm] = useState(props.search);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onSearch = (value: string) => {
    setTerm(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const next = new URLSearchParams();
      if (value.trim()) next.set("q", value.trim());
      if (props.selectedId) next.set("c", props.selectedId);
      void submit(next, { method: "get", replace: true, preventScrollReset: true });
    }, 300);
  };
  const link = (id: string) => {
    const next = new URLSearchParams();
    if (props.query) next.set("q", props.query);
    next.set("c", id);
    return `?${next}`;
  };
  return (
    <Card padding="0">
      <Box padding="300">
        <form
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            onSearch(term);
          }}
        >
          <TextField
            label={t("chatApp.inbox.searchLabel")}
            placeholder={t("chatApp.inbox.searchPlaceholder")}
            name="q"
            value={term}
            onChange={onSearch}
            autoComplete="off"
            clearButton
            onClearButtonClick={() => onSearch("")}
          />
        </form>
      </Box>
      {props.conversations.length === 0 ? (
        <EmptyMessage heading={t(props.search ? "chatApp.inbox.emptySearch" : "chatApp.inbox.empty")}>
          {props.search ? null : t("chatApp.inbox.emptyBody")}
        </EmptyMessage>
      ) : (
        <nav aria-label={t("chatApp.inbox.listLabel")}>
          <ul className="chat-inbox-list">
            {props.conversations.map((c) => (
              <li key={c.id}>
                <Link url={link(c.id)} removeUnderline monochrome>
                  <span
                    className="chat-inbox-item"
                    data-selected={c.id === props.selectedId ? "true" : undefined}
                    aria-current={c.id === props.selectedId ? "true" : undefined}
                  >
                    <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                      <Text
                        as="span"
                        variant="bodyMd"
                        fontWeight={c.unread > 0 ? "bold" : "semibold"}
                        truncate
                      >
                        {c.contactName || c.contactEmail}
                      </Text>
                      {c.unread > 0 ? (
                        <Badge tone="attention">{t("chatApp.inbox.unread", { count: c.unread })}</Badge>
                      ) : null}
                    </InlineStack>
                    {props.allCompanies ? (
                      <Text as="span" variant="bodySm" tone="subdued">
                        {c.company}
                      </Text>
                    ) : null}
                    <Text as="span" variant="bodySm" tone="subdued" truncate>
                      {c.lastAuthor === "staff" ? t("chatApp.inbox.youPrefix") : ""}
                      {c.lastMessage}
                    </Text>
                    <Text as="span" variant="bodyXs" tone="subdued">
                      {formatTime(c.lastMessageAt, props.locale)}
                    </Text>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </Card>
  );
}

function Thread(props: {
  thread: ConversationThread;
  canReply: boolean;
  allCompanies: boolean;
  locale: string;
}) {
  const { t } = useTranslation();
  const { conversation, messages } = props.thread;
  const end = useRef<HTMLLIElement>(null);
  const lastId = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a message arrives.
  useEffect(() => {
    end.current?.scrollIntoView({ block: "nearest" });
  }, [lastId]);
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <BlockStack gap="050">
            <Text as="h2" variant="headingMd">
              {conversation.contactName || conversation.contactEmail}
            </Text>
            <Text as="p" tone="subdued" variant="bodySm">
              {[
                conversation.contactEmail,
                props.allCompanies ? t("chatApp.inbox.company", { company: conversation.company }) : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </Text>
          </BlockStack>
          <Link url={contactDetailUrl(conversation.contactId)}>{t("chatApp.inbox.timeline")}</Link>
        </InlineStack>
        <ol className="chat-thread" aria-label={conversation.contactName}>
          {messages.map((m) => (
            <li key={m.id} className="chat-thread-message" data-author={m.author}>
              <span className="chat-thread-bubble">
                <Text as="span" variant="bodySm" fontWeight="semibold">
                  {m.author === "contact"
                    ? conversation.contactName
                    : m.authorName || t("chatApp.inbox.staff")}
                </Text>
                <span className="chat-thread-body">{m.body}</span>
                <Text as="span" variant="bodyXs" tone="subdued">
                  {formatTime(m.createdAt, props.locale)}
                </Text>
              </span>
            </li>
          ))}
          <li ref={end} aria-hidden="true" />
        </ol>
        <ReplyForm conversationId={conversation.id} canReply={props.canReply} />
      </BlockStack>
    </Card>
  );
}

function newClientKey() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function ReplyForm({ conversationId, canReply }: { conversationId: string; canReply: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ result?: unknown; toast?: { message: string } | null; sent?: boolean }>();
  const [clientKey, setClientKey] = useState(newClientKey);
  const [form, fields] = useForm({
    id: `reply-${conversationId}`,
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply type travels through the fetcher untyped.
    lastResult: fetcher.state === "idle" ? (fetcher.data?.result as any) : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: replySchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const sent = fetcher.state === "idle" && fetcher.data?.sent === true;
  // A sent reply makes the next one a new message (a retry of a failed one keeps its key).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per answer.
  useEffect(() => {
    if (sent) setClientKey(newClientKey());
  }, [fetcher.data]);
  const toast = useMemo(() => fetcher.data?.toast ?? null, [fetcher.data]);
  return (
    <fetcher.Form method="post" {...getFormProps(form)}>
      <BlockStack gap="200">
        <input type="hidden" name="conversationId" value={conversationId} />
        <input type="hidden" name="clientKey" value={clientKey} />
        <FormTextField
          meta={fields.body}
          label={t("chatApp.inbox.replyLabel")}
          autoComplete="off"
          multiline={3}
          maxLength={MAX_MESSAGE_LENGTH}
          disabled={!canReply}
          helpText={canReply ? undefined : t("chatApp.inbox.readOnly")}
        />
        <InlineStack align="end">
          <Button submit variant="primary" disabled={!canReply} loading={fetcher.state !== "idle"}>
            {t("chatApp.inbox.send")}
          </Button>
        </InlineStack>
      </BlockStack>
      <ToastView toast={toast ? { ...toast, message: asI18nKey(toast.message) } : null} />
    </fetcher.Form>
  );
}
