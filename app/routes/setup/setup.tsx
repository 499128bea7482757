import type { SubmissionResult } from "@conform-to/react";
import { Banner, BlockStack, Box, Card, InlineGrid, InlineStack, Page, Text } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { z } from "zod";
import { permit, requireViewer, type Viewer, viewerSubject } from "~/domain/access/guard.server";
import { createCompany, latestAccessRequest, requestAccess } from "~/domain/accounts/accounts.server";
import { countryCodes, countryFromLanguages } from "~/domain/accounts/country";
import { createCompanySchema, requestAccessSchema } from "~/domain/accounts/schemas";
import { parseIntent, unknownIntent } from "~/domain/actions/intent";
import { redirectWithToast } from "~/domain/auth/session.server";
import { loadSubdomainPatterns } from "~/domain/platform/system-configuration.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { listMyInvitations } from "~/domain/team/invitations.server";
import { InviteProblemModal } from "~/ui/invitations/invite-problem-modal";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { CreateCompanyModal } from "~/ui/setup/create-company-modal";
import { PendingApproval } from "~/ui/setup/pending-approval";
import { RequestAccessModal } from "~/ui/setup/request-access-modal";
import { SetupHeader, useBlockBackNavigation } from "~/ui/setup/setup-header";
import { ToastView } from "~/ui/toast";
import { useLiveUpdates } from "~/ui/use-live-updates";
import type { Route } from "./+types/setup";

const JUST_APPROVED_MS = 60_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const url = new URL(request.url);
  const linkedAccountId = url.searchParams.get("requestid");
  const latest = await latestAccessRequest(viewer);
  const problem = url.searchParams.get("invite");
  return {
    user: viewer.user,
    invitations: await listMyInvitations(viewer),
    inviteProblem:
      problem === "ineligible" || problem === "not_found" ? (problem as "ineligible" | "not_found") : null,
    patterns: await loadSubdomainPatterns(),
    // The new company's country: proposed from the browser's languages, chosen in the modal.
    countries: countryCodes(),
    defaultCountry: countryFromLanguages(request.headers.get("Accept-Language")),
    // An id from an invitation link must be 36 characters (spec 1 section 5).
    linkedAccountId: linkedAccountId && linkedAccountId.length === 36 ? linkedAccountId : null,
    badLink: linkedAccountId !== null && linkedAccountId.length !== 36,
    pending: latest?.status === "PENDING" ? { company: latest.company } : null,
    // Approved while the pending page was open (a live update re-ran this loader): go to the company.
    justApproved:
      latest?.status === "APPROVED" &&
      viewer.memberships.some((m) => m.accountId === latest.accountId) &&
      Date.now() - (latest.decidedAt?.getTime() ?? 0) < JUST_APPROVED_MS,
    denied: latest?.status === "DENIED",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const schema = z.discriminatedUnion("intent", [
    createCompanySchema(await loadSubdomainPatterns()),
    requestAccessSchema,
  ]);
  const submission = parseIntent(await request.formData(), schema);
  if (submission.status !== "success") {
    const intent = submission.payload.intent === "create" ? "create" : "request";
    return data({ intent, result: submission.reply() }, 400);
  }
  const input = submission.value;
  switch (input.intent) {
    case "create":
      permit(viewerSubject(viewer), "companies.create");
      return create(request, viewer, input, submission.reply);
    case "request":
      permit(viewerSubject(viewer), "access.request");
      return askToJoin(request, viewer, input.accountId, submission.reply);
    default:
      return unknownIntent();
  }
}

type Reply = (options?: {
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
}) => SubmissionResult<string[]>;

async function create(
  request: Request,
  viewer: Viewer,
  input: Parameters<typeof createCompany>[1],
  reply: Reply,
) {
  const created = await createCompany(viewer, input);
  if (!created.ok)
    return data({ intent: "create" as const, result: reply({ fieldErrors: created.fieldErrors }) }, 400);
  return redirectWithToast(request, "/", { message: "toasts.accountCreated" });
}

async function askToJoin(request: Request, viewer: Viewer, accountId: string, reply: Reply) {
  const outcome = await requestAccess(viewer, accountId.toLowerCase());
  switch (outcome) {
    case "not_found":
      return data(
        { intent: "request" as const, result: reply({ formErrors: ["toasts.accountNotFound"] }) },
        404,
      );
    case "already_member":
      return redirectWithToast(request, "/", { message: "toasts.alreadyMember" });
    case "already_requested":
      return redirectWithToast(request, "/setup", { message: "toasts.requestAlreadySent" });
    case "requested":
      return redirectWithToast(request, "/setup", { message: "toasts.requestSubmitted" });
  }
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useBlockBackNavigation();
  useLiveUpdates();
  useEffect(() => {
    if (loaderData.justApproved) window.location.assign("/");
  }, [loaderData.justApproved]);
  if (loaderData.pending) {
    return (
      <PendingApproval
        user={loaderData.user}
        invitations={loaderData.invitations}
        company={loaderData.pending.company}
      />
    );
  }
  const openModal = actionData?.intent ?? (loaderData.linkedAccountId ? "request" : null);
  return (
    <div className="setup-page">
      <SetupHeader user={loaderData.user} invitations={loaderData.invitations} />
      <Page title={t("setup.title")}>
        <BlockStack gap="500">
          {loaderData.denied ? (
            <Banner tone="critical" title={t("setup.denied")}>
              {t("setup.deniedHelp")}
            </Banner>
          ) : null}
          <InlineGrid columns={{ xs: 1, md: 2 }} gap="500">
            <Card padding="600">
              <BlockStack gap="400">
                <Text as="h2" variant="headingLg">
                  {t("setup.newCompanyTitle")}
                </Text>
                <Text as="p" tone="subdued">
                  {t("setup.newCompanyText")}
                </Text>
                <InlineStack>
                  <CreateCompanyModal
                    patterns={loaderData.patterns}
                    lastResult={actionData?.intent === "create" ? actionData.result : undefined}
                    initiallyOpen={openModal === "create"}
                    countries={loaderData.countries}
                    defaultCountry={loaderData.defaultCountry}
                  />
                </InlineStack>
              </BlockStack>
            </Card>
            <Card padding="600">
              <BlockStack gap="400">
                <Text as="h2" variant="headingLg">
                  {t("setup.joinTitle")}
                </Text>
                <Text as="p" tone="subdued">
                  {t("setup.joinText")}
                </Text>
                <InlineStack>
                  <RequestAccessModal
                    defaultAccountId={loaderData.linkedAccountId ?? ""}
                    lastResult={actionData?.intent === "request" ? actionData.result : undefined}
                    initiallyOpen={openModal === "request"}
                  />
                </InlineStack>
              </BlockStack>
            </Card>
          </InlineGrid>
        </BlockStack>
      </Page>
      <Box paddingBlock="600">
        <Text as="p" alignment="center" tone="subdued" variant="bodySm">
          {t("common.version")} · {t("common.copyright")}
        </Text>
      </Box>
      <InviteProblemModal problem={loaderData.inviteProblem} />
      {loaderData.badLink ? <ToastView toast={{ message: "toasts.accountIdNotValid", error: true }} /> : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
