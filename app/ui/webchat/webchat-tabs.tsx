import { Banner, BlockStack, Button, InlineStack, Tabs } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

const TABS = [
  { id: "email-templates", label: "webchat.tabs.emailTemplates", url: "/webchat/email-templates" },
  { id: "branding", label: "webchat.tabs.branding", url: "/webchat/branding" },
] as const;

/**
 * The web chat area's two tabs (spec 3 section 2.4), the current one underlined. An unknown path
 * ("error") selects none and says so.
 */
export function WebchatTabs({ current }: { current: "email-templates" | "branding" | "error" }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selected = TABS.findIndex((tab) => tab.id === current);
  return (
    <BlockStack gap="200">
      <nav aria-label={t("webchat.tabs.label")}>
        {selected >= 0 ? (
          <Tabs
            tabs={TABS.map((tab) => ({ id: `webchat-tab-${tab.id}`, content: t(tab.label) }))}
            selected={selected}
            onSelect={(index) => {
              const tab = TABS[index];
              if (tab && index !== selected) navigate(tab.url);
            }}
          />
        ) : (
          // Polaris' tabs need a selected one: an unknown tab shows both as links, none current.
          <InlineStack gap="200">
            {TABS.map((tab) => (
              <Button key={tab.id} variant="tertiary" tone="critical" url={tab.url}>
                {t(tab.label)}
              </Button>
            ))}
          </InlineStack>
        )}
      </nav>
      {current === "error" && <Banner tone="critical">{t("webchat.tabs.unknown")}</Banner>}
    </BlockStack>
  );
}
