import { BlockStack, Button, InlineStack, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { Modal } from "~/ui/modal";

/** Non-admin members accept the current Terms & Conditions before working (spec 1 section 4). */
export function TermsModal({ canAccept }: { canAccept: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  return (
    <Modal open onClose={() => {}} title={t("terms.modalTitle")}>
      <Modal.Section>
        <fetcher.Form method="post" action="/resources/accept-terms">
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <BlockStack gap="400">
            <Text as="p">{t("terms.modalBody")}</Text>
            <BlockStack gap="100">
              <Link url="/termsandCondition" target="_blank">
                {t("terms.viewTerms")}
              </Link>
              <Link url="/privacy" target="_blank">
                {t("terms.viewPrivacy")}
              </Link>
            </BlockStack>
            <InlineStack align="end">
              <Button submit variant="primary" disabled={!canAccept} loading={fetcher.state !== "idle"}>
                {t("terms.accept")}
              </Button>
            </InlineStack>
          </BlockStack>
        </fetcher.Form>
      </Modal.Section>
    </Modal>
  );
}
