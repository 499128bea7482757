import type { SubmissionResult } from "@conform-to/react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Icon,
  InlineStack,
  RadioButton,
  Text,
} from "@shopify/polaris";
import { CheckCircleIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { OnboardingStep } from "~/domain/shopify/onboarding.server";
import { asI18nKey } from "~/i18n/keys";
import { CreateOrganizationModal } from "./create-organization-modal";

type LinkStep = Extract<OnboardingStep, { step: "LINK_STORE" }>;

/**
 * LINK_STORE (spec 1 section 2, spec 3 section 2.6): the user's organisations without a store as radio
 * choices (those where they are not company admin shown, but not choosable), linked ones with a tick;
 * Skip, Create Organization and Continue.
 */
export function LinkStoreStep(props: {
  step: LinkStep;
  readOnly: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  createResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { store, organisations } = props.step;
  const choices = organisations.filter((o) => !o.linked);
  const linked = organisations.filter((o) => o.linked);
  const [selected, setSelected] = useState(
    choices.length === 1 && choices[0].isCompanyAdmin ? choices[0].accountId : "",
  );
  const busy = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const error = props.lastResult?.error?.[""]?.[0];
  return (
    <Card padding="600">
      <BlockStack gap="500">
        <BlockStack gap="100">
          <Text as="h1" variant="headingLg">
            {t("shopifyOnboarding.link.title")}
          </Text>
          <Text as="p" tone="subdued">
            {t("shopifyOnboarding.link.storeLine", { store: store.storeName })}
          </Text>
        </BlockStack>
        {error ? <Banner tone="critical">{t(asI18nKey(error))}</Banner> : null}
        {/* Two forms side by side: Skip posts without JavaScript too. The link form's children take
            their places in the grid (display: contents), so Skip sits at the left of its buttons. */}
        <div className="onboarding-link-grid">
          <Form method="post" className="onboarding-link-form">
            <input type="hidden" name="intent" value="link" />
            <fieldset className="onboarding-choices">
              <legend className="visually-hidden">{t("shopifyOnboarding.link.title")}</legend>
              <BlockStack gap="300">
                {choices.map((o) => (
                  <RadioButton
                    key={o.accountId}
                    id={`organisation-${o.accountId}`}
                    name="accountId"
                    value={o.accountId}
                    label={o.company}
                    helpText={
                      o.isCompanyAdmin
                        ? undefined
                        : t("shopifyOnboarding.link.adminOnly", { company: o.company })
                    }
                    disabled={!o.isCompanyAdmin || props.readOnly}
                    checked={selected === o.accountId}
                    onChange={() => setSelected(o.accountId)}
                  />
                ))}
                {linked.map((o) => (
                  <InlineStack key={o.accountId} gap="200" blockAlign="center" wrap={false}>
                    <Box>
                      <Icon source={CheckCircleIcon} tone="success" />
                    </Box>
                    <BlockStack>
                      <Text as="span">{o.company}</Text>
                      <Text as="span" tone="subdued" variant="bodySm">
                        {t("shopifyOnboarding.link.connectedToStore", { company: o.company })}
                      </Text>
                    </BlockStack>
                  </InlineStack>
                ))}
                {organisations.length === 0 ? (
                  <Text as="p" tone="subdued">
                    {t("shopifyOnboarding.link.noOrganizations")}
                  </Text>
                ) : null}
              </BlockStack>
            </fieldset>
            <div className="onboarding-link-actions">
              <CreateOrganizationModal
                storeName={store.storeName}
                shop={store.shop}
                disabled={props.readOnly}
                lastResult={props.createResult}
              />
              <Button submit variant="primary" disabled={!selected || props.readOnly} loading={busy("link")}>
                {t("shopifyOnboarding.link.continue")}
              </Button>
            </div>
          </Form>
          <Form method="post" className="onboarding-link-skip">
            <input type="hidden" name="intent" value="skip" />
            <Button submit loading={busy("skip")}>
              {t("shopifyOnboarding.link.skip")}
            </Button>
          </Form>
        </div>
      </BlockStack>
    </Card>
  );
}
