import { Badge, BlockStack, Card, InlineGrid, InlineStack, Link, Page, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ActiveIntegrations } from "~/domain/integrations/shopify-integration.server";
import { integrationUrl } from "~/domain/integrations/views";
import { ShopifyMark, TriTechMark, WhatsAppMark } from "./logos";

/**
 * The Integrations home (spec 3 section 2.5): a card per platform, 'Active' when it is in use. Only
 * Shopify and Tri-Tech open a view; the WhatsApp card becomes a link when its view exists (issue 16),
 * rather than leading to an empty page.
 */
export function IntegrationsHome({ active }: { active: ActiveIntegrations }) {
  const { t } = useTranslation();
  return (
    <Page title={t("integrations.title")} subtitle={t("integrations.subtitle")}>
      <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
        <IntegrationCard
          mark={<ShopifyMark />}
          name={t("integrations.cards.shopify.name")}
          description={t("integrations.cards.shopify.description")}
          active={active.shopify}
          url={integrationUrl("shopify")}
          linkLabel={t("integrations.cards.shopify.open")}
        />
        <IntegrationCard
          mark={<TriTechMark />}
          name={t("integrations.cards.tritech.name")}
          description={t("integrations.cards.tritech.description")}
          active={active.tritech}
          url={integrationUrl("tritech")}
          linkLabel={t("tritech.open")}
        />
        <IntegrationCard
          mark={<WhatsAppMark />}
          name={t("integrations.cards.whatsapp.name")}
          description={t("integrations.cards.whatsapp.description")}
          active={active.whatsapp}
          url={integrationUrl("whatsapp")}
          linkLabel={t("whatsapp.cardOpen")}
        />
      </InlineGrid>
    </Page>
  );
}

function IntegrationCard(props: {
  mark: ReactNode;
  name: string;
  description: string;
  active: boolean;
  url?: string;
  linkLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={props.name} style={{ height: "100%" }}>
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center">
            {props.mark}
            {props.active ? <Badge tone="success">{t("integrations.active")}</Badge> : null}
          </InlineStack>
          <Text as="h2" variant="headingMd">
            {props.url ? (
              <Link url={props.url} removeUnderline accessibilityLabel={props.linkLabel}>
                {props.name}
              </Link>
            ) : (
              props.name
            )}
          </Text>
          <Text as="p" tone="subdued">
            {props.description}
          </Text>
        </BlockStack>
      </Card>
    </section>
  );
}
