import { BlockStack, Button, Card, Page, Text } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher } from "react-router";
import type { ViewerUser } from "~/domain/access/guard.server";
import type { PendingInvitation } from "~/ui/invitations/invitation-prompt";
import { SetupHeader } from "./setup-header";

export const APPROVAL_POLL_MS = 5000;

/** 'Pending approval for request!': checks every 5000 ms and moves to / once the request is approved. */
export function PendingApproval({
  user,
  company,
  invitations,
}: {
  user: ViewerUser;
  company: string;
  invitations: PendingInvitation[];
}) {
  const { t } = useTranslation();
  const status = useFetcher<{ state: "pending" | "approved" | "denied" }>();
  useEffect(() => {
    const timer = window.setInterval(() => status.load("/resources/setup-status"), APPROVAL_POLL_MS);
    return () => window.clearInterval(timer);
  }, [status.load]);
  useEffect(() => {
    // A full load, so the shell starts with the new company and fresh session data.
    if (status.data?.state === "approved") window.location.assign("/");
    if (status.data?.state === "denied") window.location.assign("/setup");
  }, [status.data]);
  return (
    <div className="setup-page">
      <SetupHeader user={user} invitations={invitations} />
      <Page narrowWidth>
        <Card padding="800">
          <BlockStack gap="400" inlineAlign="center">
            <Text as="h1" variant="headingXl" alignment="center">
              {t("setup.pendingTitle")}
            </Text>
            <Text as="p" alignment="center">
              {t("setup.pendingCompany", { company })}
            </Text>
            <Text as="p" tone="subdued" alignment="center">
              {t("setup.pendingText")}
            </Text>
            <Form method="post" action="/logout">
              <input type="hidden" name="everywhere" value="true" />
              <Button submit>{t("common.logoutShort")}</Button>
            </Form>
          </BlockStack>
        </Card>
      </Page>
    </div>
  );
}
