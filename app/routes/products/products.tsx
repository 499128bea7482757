import { parseWithZod } from "@conform-to/zod/v4";
import {
  Avatar,
  Banner,
  BlockStack,
  Box,
  Card,
  InlineGrid,
  InlineStack,
  Link,
  Page,
  Text,
  TextField,
} from "@shopify/polaris";
import { SearchIcon } from "@shopify/polaris-icons";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { requireMember, requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { createProduct, listProducts } from "~/domain/products/products.server";
import { productNameSchema } from "~/domain/products/schemas";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { EmptyMessage } from "~/ui/empty-message";
import { ProductNameDrawer } from "~/ui/products/product-name-drawer";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { ToastView } from "~/ui/toast";
import type { Route } from "./+types/products";

/** Products manager: the company's products as cards, searchable by name. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const products = await listProducts(member, new URL(request.url).searchParams.get("q") ?? "");
  return { products, canManage: can(member, "products.manage") };
}

/** Create a product (company admins; beyond the spec), with its journey. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "products.manage");
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: productNameSchema });
  if (submission.status !== "success")
    return data({ intent: "create" as const, result: submission.reply(), done: false, toast: null }, 400);
  const created = await createProduct(member, submission.value.name);
  if (!created.ok)
    return data(
      {
        intent: "create" as const,
        result: submission.reply({ fieldErrors: { name: ["products.toasts.duplicate"] } }),
        done: false,
        toast: null,
      },
      409,
    );
  return {
    intent: "create" as const,
    result: submission.reply({ resetForm: true }),
    done: true,
    toast: { message: "products.toasts.created" },
  };
}

export const productDetailUrl = (id: string) => `/product-detail?id=${id}`;

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [creating, setCreating] = useState(false);
  const close = useCallback(() => setCreating(false), []);
  const term = search.trim().toLowerCase();
  const shown = loaderData.products.filter((p) => !term || p.name.toLowerCase().includes(term));
  return (
    <Page
      fullWidth
      title={t("products.title")}
      primaryAction={{
        content: t("products.createProduct"),
        disabled: !loaderData.canManage,
        onAction: () => setCreating(true),
      }}
      secondaryActions={
        loaderData.products.length > 0
          ? [{ content: t("products.mapProducts"), url: "/product-mapping" }]
          : []
      }
    >
      <BlockStack gap="400">
        <Banner tone="info" title={t("products.welcomeTitle")}>
          {t("products.welcomeBody")}
        </Banner>
        <Card>
          <BlockStack gap="400">
            <Text as="h2" variant="headingMd">
              {t("products.allProducts")}
            </Text>
            <TextField
              label={t("products.searchLabel")}
              labelHidden
              placeholder={t("products.searchLabel")}
              prefix={<SearchIcon width={20} height={20} fill="currentColor" aria-hidden="true" />}
              value={search}
              onChange={setSearch}
              autoComplete="off"
              clearButton
              onClearButtonClick={() => setSearch("")}
            />
            {shown.length === 0 ? (
              <EmptyMessage heading={t("products.empty")} />
            ) : (
              <InlineGrid columns={{ xs: 1, sm: 2, md: 3, lg: 4 }} gap="400">
                {shown.map((product) => (
                  <ProductCard key={product.id} id={product.id} name={product.name} />
                ))}
              </InlineGrid>
            )}
          </BlockStack>
        </Card>
      </BlockStack>
      {creating ? (
        <ProductNameDrawer
          intent="create"
          title={t("products.createProduct")}
          answer={actionData}
          onClose={close}
        />
      ) : null}
      <ToastView toast={actionData?.toast} />
    </Page>
  );
}

function ProductCard({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  return (
    <Box borderWidth="025" borderColor="border" borderRadius="300" padding="400">
      <InlineStack gap="300" blockAlign="center" wrap={false}>
        <Avatar initials={name.trim().charAt(0).toUpperCase()} name={name} size="lg" />
        <BlockStack gap="100">
          <Link
            url={productDetailUrl(id)}
            removeUnderline
            accessibilityLabel={t("products.openProduct", { name })}
          >
            <Text as="span" variant="headingSm">
              {name}
            </Text>
          </Link>
        </BlockStack>
      </InlineStack>
    </Box>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
