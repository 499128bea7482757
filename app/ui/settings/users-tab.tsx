import { Badge, BlockStack, Box, Button, Card, InlineStack, Tabs, Text, TextField } from "@shopify/polaris";
import { DeleteIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useSearchParams } from "react-router";
import type { UsersTabData } from "~/domain/settings/settings-page.server";
import { ConfirmModal } from "~/ui/confirm-modal";
import { EmptyMessage } from "~/ui/empty-message";
import { type Toast, ToastView } from "~/ui/toast";
import { InviteUsers } from "./invite-users";

const subTabs = ["requests", "current", "pending"] as const;
const matches = (email: string, query: string) => email.toLowerCase().includes(query.trim().toLowerCase());

export function UsersTab({ data }: { data: UsersTabData }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const index = Math.max(0, subTabs.indexOf(searchParams.get("sub") as (typeof subTabs)[number]));
  return (
    <BlockStack gap="400">
      <InlineStack align="end">
        <InviteUsers disabled={!data.can.teamManage} />
      </InlineStack>
      <Tabs
        tabs={subTabs.map((id) => ({ id: `users-${id}`, content: t(`settings.usersTabs.${id}`) }))}
        selected={index}
        onSelect={(i) =>
          setSearchParams({ tab: "users", sub: subTabs[i] }, { replace: true, preventScrollReset: true })
        }
      >
        <Box paddingBlockStart="400">
          {index === 0 ? <UserRequests data={data} /> : null}
          {index === 1 ? <CurrentUsers data={data} /> : null}
          {index === 2 ? <PendingInvitations data={data} /> : null}
        </Box>
      </Tabs>
    </BlockStack>
  );
}

function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <TextField
      label={label}
      labelHidden
      placeholder={label}
      value={value}
      onChange={onChange}
      autoComplete="off"
      clearButton
      onClearButtonClick={() => onChange("")}
    />
  );
}

function UserRequests({ data }: { data: UsersTabData }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const rows = data.requests.filter((r) => matches(r.email, query));
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("settings.userJoiningRequests")}
        </Text>
        <SearchField label={t("settings.searchUsers")} value={query} onChange={setQuery} />
        {rows.length === 0 ? <EmptyMessage heading={t("settings.noUserRequests")} /> : null}
        {rows.map((row) => (
          <RequestRow key={row.id} id={row.id} email={row.email} disabled={!data.can.teamManage} />
        ))}
      </BlockStack>
    </Card>
  );
}

function RequestRow({ id, email, disabled }: { id: string; email: string; disabled: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast }>();
  const decide = (intent: "approve" | "decline") =>
    fetcher.submit(
      { intent, requestId: id, redirectTo: "/settings?tab=users" },
      { method: "post", action: "/resources/access-requests" },
    );
  return (
    <InlineStack align="space-between" blockAlign="center">
      <Text as="span">{email}</Text>
      <InlineStack gap="200">
        <Button
          variant="primary"
          disabled={disabled || fetcher.state !== "idle"}
          onClick={() => decide("approve")}
        >
          {t("settings.approve")}
        </Button>
        <Button disabled={disabled || fetcher.state !== "idle"} onClick={() => decide("decline")}>
          {t("invitations.decline")}
        </Button>
      </InlineStack>
      <ToastView toast={fetcher.data?.toast} />
    </InlineStack>
  );
}

function CurrentUsers({ data }: { data: UsersTabData }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const rows = data.members.filter((m) => matches(m.email, query));
  return (
    <Card>
      <BlockStack gap="400">
        <SearchField label={t("settings.searchByEmail")} value={query} onChange={setQuery} />
        {rows.length === 0 ? <EmptyMessage heading={t("settings.noUsers")} /> : null}
        {rows.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            self={member.userId === data.user.id}
            canManage={data.can.teamManage}
            canLeave={data.can.teamLeave}
          />
        ))}
      </BlockStack>
    </Card>
  );
}

type Member = UsersTabData["members"][number];

function MemberRow({
  member,
  self,
  canManage,
  canLeave,
}: {
  member: Member;
  self: boolean;
  canManage: boolean;
  canLeave: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast }>();
  const [confirm, setConfirm] = useState(false);
  const name = `${member.givenName} ${member.familyName}`;
  const post = (intent: string) =>
    fetcher.submit(
      { intent, userId: member.userId, name, redirectTo: "/settings?tab=users&sub=current" },
      { method: "post", action: "/resources/members" },
    );
  return (
    <InlineStack align="space-between" blockAlign="center" gap="300">
      <BlockStack gap="050">
        <InlineStack gap="200" blockAlign="center">
          <Text as="span" fontWeight="semibold">
            {name}
            {self ? ` (${t("settings.you")})` : ""}
          </Text>
          {member.isCompanyAdmin ? <Badge tone="info">{t("settings.companyAdmin")}</Badge> : null}
        </InlineStack>
        <Text as="span" tone="subdued">
          {member.email}
        </Text>
      </BlockStack>
      <InlineStack gap="200">
        <Button
          disabled={!canManage || fetcher.state !== "idle"}
          onClick={() => post(member.isCompanyAdmin ? "remove-admin" : "make-admin")}
        >
          {member.isCompanyAdmin ? t("settings.removeAdmin") : t("settings.makeAdmin")}
        </Button>
        <Button
          tone="critical"
          icon={DeleteIcon}
          accessibilityLabel={`${t("settings.remove")} ${member.email}`}
          disabled={(self ? !canLeave : !canManage) || fetcher.state !== "idle"}
          onClick={() => setConfirm(true)}
        />
      </InlineStack>
      <ConfirmModal
        open={confirm}
        message={self ? t("settings.leaveConfirm") : t("settings.removeConfirm", { name })}
        onClose={() => setConfirm(false)}
        onConfirm={() => {
          post(self ? "leave" : "remove");
          setConfirm(false);
        }}
      />
      <ToastView toast={fetcher.data?.toast} />
    </InlineStack>
  );
}

function PendingInvitations({ data }: { data: UsersTabData }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState("");
  const rows = data.pendingInvitations.filter((i) => matches(i.email, query));
  return (
    <Card>
      <BlockStack gap="400">
        <SearchField label={t("settings.searchByEmail")} value={query} onChange={setQuery} />
        {rows.length === 0 ? <EmptyMessage heading={t("settings.noPendingInvitations")} /> : null}
        {rows.map((invite) => (
          <InlineStack key={invite.id} align="space-between" blockAlign="center">
            <BlockStack gap="050">
              <Text as="span">{invite.email}</Text>
              <Text as="span" tone="subdued" variant="bodySm">
                {t("settings.expiresOn", {
                  date: new Date(invite.expiresAt).toLocaleDateString(i18n.language),
                })}
              </Text>
            </BlockStack>
            <CancelInvite id={invite.id} disabled={!data.can.teamManage} />
          </InlineStack>
        ))}
      </BlockStack>
    </Card>
  );
}

function CancelInvite({ id, disabled }: { id: string; disabled: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast }>();
  return (
    <>
      <Button
        disabled={disabled || fetcher.state !== "idle"}
        onClick={() =>
          fetcher.submit(
            { intent: "cancel", inviteId: id, redirectTo: "/settings?tab=users&sub=pending" },
            { method: "post", action: "/resources/invitations" },
          )
        }
      >
        {t("common.cancel")}
      </Button>
      <ToastView toast={fetcher.data?.toast} />
    </>
  );
}
