import { BlockStack, Card, Link, Page } from "@shopify/polaris";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, useFetcher } from "react-router";
import { getOptionalViewer, permit, requireViewer, viewerSubject } from "~/domain/access/guard.server";
import { getLegalDocument, recordLegalAcceptance } from "~/domain/legal/legal.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { EmptyMessage } from "~/ui/empty-message";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/document";

const kindOf = (request: Request) => (new URL(request.url).pathname === "/privacy" ? "privacy" : "terms");

/** /termsandCondition and /privacy: the current PDF, public. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getOptionalViewer({ request, context });
  const kind = kindOf(request);
  const document = await getLegalDocument(kind);
  return { kind, url: document?.url ?? null, signedIn: Boolean(viewer && !viewer.suspended) };
}

/**
 * Records that the signed-in visitor opened the current version (spec 1 section 2). The page posts
 * it as it loads: a GET never writes, since browsers and link checkers fetch pages on their own.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  permit(viewerSubject(viewer), "legal.acknowledge");
  const kind = kindOf(request);
  const document = await getLegalDocument(kind);
  if (!document) return data({ recorded: false }, 404);
  await recordLegalAcceptance(viewer.user.id, kind, document.updatedAt);
  return { recorded: true };
}

export default function LegalDocument({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useRecordOpening(loaderData.signedIn && loaderData.url !== null);
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

/** Posts once per opening of the page, for a signed-in visitor of an existing document. */
function useRecordOpening(shouldRecord: boolean) {
  const fetcher = useFetcher();
  const posted = useRef(false);
  useEffect(() => {
    if (!shouldRecord || posted.current) return;
    posted.current = true;
    fetcher.submit(null, { method: "post" });
  }, [shouldRecord, fetcher]);
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
