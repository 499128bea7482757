import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  InlineStack,
  Spinner,
  Text,
  TextField,
} from "@shopify/polaris";
import { SearchIcon } from "@shopify/polaris-icons";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Await, Form, useNavigation } from "react-router";
import type { OnboardingStep } from "~/domain/shopify/onboarding.server";
import type { StoreProduct } from "~/domain/shopify/store-products.server";
import { ShopifyNotConfigured } from "~/ui/shopify/not-configured";
import { ProductGroups } from "./product-cards";
import { StepperWelcomeModal } from "./tour-modals";

type StepperStep = Extract<OnboardingStep, { step: "SHOW_STEPPERS" }>;

/**
 * SHOW_STEPPERS (spec 1 section 2): the welcome modal, then the store's products grouped by type with
 * a search box; the picked ones are submitted as our products with starter journeys.
 */
export function ProductStepper(props: {
  step: StepperStep;
  products: Promise<StoreProduct[]> | null;
  shopifyConfigured: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { store, isCompanyAdmin } = props.step;
  return (
    <BlockStack gap="400">
      <StepperWelcomeModal />
      <Banner tone="success">
        <Text as="p" fontWeight="semibold">
          {t("shopifyOnboarding.stepper.connected", { store: store.storeName })}
        </Text>
      </Banner>
      <Text as="p">{t("shopifyOnboarding.stepper.intro")}</Text>
      {isCompanyAdmin ? null : (
        <Banner tone="warning">
          {t("shopifyOnboarding.stepper.notAdmin", { company: props.step.company })}
        </Banner>
      )}
      {!props.shopifyConfigured || !props.products ? (
        <ShopifyNotConfigured />
      ) : (
        <Suspense fallback={<Fetching />}>
          <Await resolve={props.products}>
            {(products) => (
              <ProductPicker products={products} canSubmit={isCompanyAdmin && !props.readOnly} />
            )}
          </Await>
        </Suspense>
      )}
      <Form method="post" action="/logout">
        <InlineStack align="end">
          <Button submit>{t("shopifyOnboarding.stepper.logout")}</Button>
        </InlineStack>
      </Form>
    </BlockStack>
  );
}

function Fetching() {
  const { t } = useTranslation();
  return (
    <Card>
      <InlineStack gap="300" blockAlign="center">
        <Spinner size="small" />
        <output>
          <Text as="p">{t("shopifyOnboarding.stepper.fetching")}</Text>
        </output>
      </InlineStack>
    </Card>
  );
}

function ProductPicker({ products, canSubmit }: { products: StoreProduct[]; canSubmit: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [search, setSearch] = useState("");
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "products";
  // An empty store can still be submitted, so the merchant is not stuck on the stepper.
  const nothingPicked = products.length > 0 && picked.size === 0;
  return (
    <Card>
      <BlockStack gap="400">
        <TextField
          label={t("shopifyOnboarding.stepper.search")}
          labelHidden
          placeholder={t("shopifyOnboarding.stepper.search")}
          prefix={<SearchIcon width={20} height={20} fill="currentColor" aria-hidden="true" />}
          value={search}
          onChange={setSearch}
          autoComplete="off"
          clearButton
          onClearButtonClick={() => setSearch("")}
        />
        {products.length === 0 ? (
          <Box paddingBlock="800">
            <Text as="p" alignment="center" variant="headingMd">
              {t("shopifyOnboarding.stepper.empty")}
            </Text>
          </Box>
        ) : (
          <ProductGroups products={products} search={search} picked={picked} onToggle={toggle} />
        )}
        <Form method="post" id="stepper-products">
          <input type="hidden" name="intent" value="products" />
          {[...picked].map((id) => (
            <input key={id} type="hidden" name="productIds" value={id} />
          ))}
          <InlineStack align="space-between" blockAlign="center">
            <Text as="span" tone="subdued">
              {t("shopifyOnboarding.stepper.selected", { count: picked.size })}
            </Text>
            <Button submit variant="primary" disabled={!canSubmit || nothingPicked} loading={submitting}>
              {t("shopifyOnboarding.stepper.submit")}
            </Button>
          </InlineStack>
        </Form>
      </BlockStack>
    </Card>
  );
}
