import { BlockStack, Card, Link, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { getSessionUserId } from "~/domain/auth/session.server";
import { getLegalDocument, recordLegalAcceptance } from "~/domain/legal/legal.server";
import { EmptyMessage } from "~/ui/empty-message";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/document";

/** /termsandCondition and /privacy: the current PDF. Signed-in visitors' acceptance is recorded. */
export async function loader({ request }: Route.LoaderArgs) {
  const kind = new URL(request.url).pathname === "/privacy" ? "privacy" : "terms";
  const document = await getLegalDocument(kind);
  const userId = await getSessionUserId(request);
  if (document && userId) await recordLegalAcceptance(userId, kind, document.updatedAt);
  return { kind, url: document?.url ?? null };
}

export default function LegalDocument({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const title = loaderData.kind === "privacy" ? t("common.privacyPolicy") : t("common.termsAndConditions");
  return (
    <Page title={title} fullWidth>
      {loaderData.url ? (
        <BlockStack gap="200">
          <Link url={loaderData.url} target="_blank">
            {t("terms.openInNewTab")}
          </Link>
          <iframe title={title} src={loaderData.url} className="legal-frame" />
        </BlockStack>
      ) : (
        <Card>
          <EmptyMessage heading={title}>{t("terms.documentMissing")}</EmptyMessage>
        </Card>
      )}
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
