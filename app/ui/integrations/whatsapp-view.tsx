import { BlockStack, Button, Card, Collapsible, InlineStack, Page, Text } from "@shopify/polaris";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { integrationUrl } from "~/domain/integrations/views";
import type { WhatsAppView as WhatsAppConfig } from "~/domain/whatsapp/config.server";
import { WhatsAppCredentialsForm } from "./whatsapp-credentials";
import { WhatsAppGuide } from "./whatsapp-guide";
import { WhatsAppTemplates, WhatsAppWebhook } from "./whatsapp-webhook";

export type WhatsAppViewData = {
  whatsapp: WhatsAppConfig | null;
  whatsappTemplates: number;
  can: { whatsapp: boolean; readOnly: boolean };
};

/**
 * The WhatsApp view of /integration (spec 3 section 2.5): guidance and two accordions, the 9-step
 * guide for companies without a Meta account, and for those with one, Step 1 the credentials and
 * Step 2 the webhook details (shown once the credentials are saved).
 */
export function WhatsAppView({ data }: { data: WhatsAppViewData }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"none" | "guide" | "connect">(data.whatsapp ? "connect" : "none");
  const toggle = (which: "guide" | "connect") => setOpen((current) => (current === which ? "none" : which));
  return (
    <Page
      title={t("whatsapp.title")}
      backAction={{ content: t("integrations.back"), url: integrationUrl("home") }}
    >
      <BlockStack gap="400">
        <Text as="p">{t("whatsapp.guidance")}</Text>
        <Accordion
          id="whatsapp-guide"
          title={t("whatsapp.noAccount")}
          open={open === "guide"}
          onToggle={() => toggle("guide")}
        >
          <WhatsAppGuide />
        </Accordion>
        <Accordion
          id="whatsapp-connect"
          title={t("whatsapp.hasAccount")}
          open={open === "connect"}
          onToggle={() => toggle("connect")}
        >
          <BlockStack gap="400">
            <WhatsAppCredentialsForm saved={data.whatsapp} canEdit={data.can.whatsapp} />
            {data.whatsapp ? <WhatsAppWebhook config={data.whatsapp} canEdit={data.can.whatsapp} /> : null}
            {data.whatsapp ? (
              <WhatsAppTemplates
                config={data.whatsapp}
                approved={data.whatsappTemplates}
                canEdit={data.can.whatsapp}
              />
            ) : null}
          </BlockStack>
        </Accordion>
      </BlockStack>
    </Page>
  );
}

function Accordion(props: {
  id: string;
  title: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <Card>
      <BlockStack gap="300">
        <Button
          variant="monochromePlain"
          fullWidth
          textAlign="left"
          disclosure={props.open ? "up" : "down"}
          onClick={props.onToggle}
          ariaExpanded={props.open}
          ariaControls={props.id}
        >
          {props.title}
        </Button>
        <Collapsible id={props.id} open={props.open} transition={false}>
          <InlineStack>
            <div style={{ width: "100%", paddingTop: 8 }}>{props.children}</div>
          </InlineStack>
        </Collapsible>
      </BlockStack>
    </Card>
  );
}
