import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Button, Card, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, useFetcher } from "react-router";
import { getDb } from "#db/client.server";
import { requireMember } from "~/domain/access/guard.server";
import { can, type Permission } from "~/domain/access/permissions";
import { redirectWithToast } from "~/domain/auth/session.server";
import {
  attributeValuesFrom,
  getContactProductLink,
  productAttributeForm,
  saveProductAttributes,
} from "~/domain/contacts/attributes.server";
import { getContact } from "~/domain/contacts/contacts.server";
import { formatPhone } from "~/domain/contacts/phone";
import { PRODUCT_PAGE_PRODUCT_ATTRIBUTES } from "~/domain/contacts/schemas";
import {
  linkContactsToProduct,
  listProductOwners,
  unlinkContactFromProduct,
} from "~/domain/products/links.server";
import { deleteProduct, getProduct, renameProduct } from "~/domain/products/products.server";
import { productNameSchema } from "~/domain/products/schemas";
import { ConfirmModal } from "~/ui/confirm-modal";
import { AddAttribute } from "~/ui/contacts/attribute-drawer";
import { AttributeForm } from "~/ui/contacts/attribute-form";
import { ContactDrawer, isContactDrawerData } from "~/ui/contacts/contact-drawer";
import { submitContactDrawer } from "~/ui/contacts/contact-drawer.server";
import { ChooseContactModal } from "~/ui/products/choose-contact-modal";
import { type ProductNameAnswer, ProductNameDrawer } from "~/ui/products/product-name-drawer";
import { ProductOwners } from "~/ui/products/product-owners";
import { respond } from "~/domain/actions/respond.server";
import { type Toast, ToastView } from "~/ui/toast";
import type { Route } from "./+types/product-detail";

/** A product of the company (?id=, which replaces the spec's navigation state): owners and their attributes. */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request);
  const url = new URL(request.url);
  const product = await getProduct(member, url.searchParams.get("id") ?? "");
  if (!product)
    throw await redirectWithToast(request, "/product", {
      message: "products.toasts.somethingWentWrong",
      error: true,
    });
  const owners = await listProductOwners(member, product.id, Number(url.searchParams.get("page")) || 1);
  const ownerLinkId = url.searchParams.get("owner");
  const link = ownerLinkId ? await getContactProductLink(member, ownerLinkId) : null;
  const selected = link && link.productId === product.id ? link : null;
  return {
    product,
    owners: { ...owners, rows: owners.rows.map((o) => ({ ...o, phoneDisplay: formatPhone(o.phone) })) },
    selected: selected
      ? {
          linkId: selected.id,
          name: await ownerName(member, selected.contactId),
          fields: (await productAttributeForm(member, selected.id)) ?? [],
        }
      : null,
    can: {
      productsWrite: can(member, "products.write"),
      productsManage: can(member, "products.manage"),
      contactsWrite: can(member, "contacts.write"),
      attributesWrite: can(member, "attributes.write"),
    },
  };
}

async function ownerName(member: { account: { id: string } }, contactId: string) {
  const contact = await getContact(member, contactId);
  return contact ? `${contact.firstName} ${contact.lastName}` : "";
}

const intentPermissions: Record<string, Permission[]> = {
  "add-existing": ["products.write"],
  create: ["contacts.write", "products.write"],
  remove: ["products.write"],
  "product-attributes": ["products.write"],
  rename: ["products.manage"],
  delete: ["products.manage"],
};

export async function action({ request }: Route.ActionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const permissions = intentPermissions[intent];
  if (!permissions) return data({ error: "Unknown intent" }, 400);
  if (!permissions.every((p) => can(member, p))) throw data({ error: "Forbidden" }, 403);
  const product = await getProduct(member, new URL(request.url).searchParams.get("id") ?? "");
  const failed: Toast = { message: "products.toasts.somethingWentWrong", error: true };
  if (!product) return respond(request, form, failed, { intent }, 404);

  switch (intent) {
    case "create":
      return submitContactDrawer(member, form, {
        createdToast: "contacts.toasts.contactCreated",
        linkProductId: product.id,
      });
    case "add-existing": {
      const ids = form.getAll("contactId").map(String);
      const linked = await linkContactsToProduct(member, ids, product.id);
      if (!linked.ok) return respond(request, form, failed, { intent }, 404);
      return respond(
        request,
        form,
        { message: "products.toasts.linked", values: { count: String(ids.length) } },
        {
          intent,
        },
      );
    }
    case "remove": {
      const removed = await unlinkContactFromProduct(
        getDb(),
        member,
        String(form.get("contactId") ?? ""),
        product.id,
      );
      return respond(request, form, removed ? { message: "products.toasts.removed" } : failed, { intent });
    }
    case "product-attributes": {
      const linkId = String(form.get("linkId") ?? "");
      const link = await getContactProductLink(member, linkId);
      if (!link || link.productId !== product.id)
        return data({ intent, toast: failed, errors: undefined }, 404);
      const saved = await saveProductAttributes(member, linkId, attributeValuesFrom(form));
      if (saved.ok)
        return { intent, toast: { message: "contacts.toasts.productAttributesSaved" }, errors: undefined };
      if (saved.reason === "invalid") return data({ intent, toast: null, errors: saved.errors }, 400);
      return data({ intent, toast: failed, errors: undefined }, 404);
    }
    case "rename": {
      const submission = parseWithZod(form, { schema: productNameSchema });
      if (submission.status !== "success")
        return data({ intent, result: submission.reply(), done: false, toast: null }, 400);
      const renamed = await renameProduct(member, product.id, submission.value.name);
      if (!renamed.ok)
        return data(
          {
            intent,
            result: submission.reply({ fieldErrors: { name: ["products.toasts.duplicate"] } }),
            done: false,
            toast: null,
          },
          409,
        );
      return {
        intent,
        result: submission.reply(),
        done: true,
        toast: { message: "products.toasts.renamed" },
      };
    }
    default: {
      await deleteProduct(member, product.id);
      return redirectWithToast(request, "/product", { message: "products.toasts.deleted" });
    }
  }
}

type Answer = { intent?: string; toast?: Toast | null; errors?: Record<string, string> } | undefined;

export default function ProductDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { product, can, selected } = loaderData;
  const [open, setOpen] = useState<"choose" | "new" | "rename" | "delete" | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const linker = useFetcher<{ toast?: Toast }>();
  const deleter = useFetcher();
  const answer = actionData as Answer;
  const contactAnswer = isContactDrawerData(actionData) ? actionData : undefined;
  useEffect(() => {
    if (linker.state === "idle" && linker.data?.toast && !linker.data.toast.error) setOpen(null);
  }, [linker.state, linker.data]);
  return (
    <Page
      title={product.name}
      backAction={{ content: t("products.detail.back"), url: "/product" }}
      secondaryActions={[
        { content: t("products.rename"), disabled: !can.productsManage, onAction: () => setOpen("rename") },
        {
          content: t("products.deleteProduct"),
          destructive: true,
          disabled: !can.productsManage,
          onAction: () => setOpen("delete"),
        },
      ]}
    >
      <Layout>
        <Layout.Section variant="oneHalf">
          <Card>
            <BlockStack gap="300">
              <InlineStack align="space-between" blockAlign="center" gap="200">
                <Text as="h2" variant="headingMd">
                  {t("products.detail.owners")}
                </Text>
                <InlineStack gap="200">
                  <Button disabled={!can.productsWrite} onClick={() => setOpen("choose")}>
                    {t("products.detail.addExisting")}
                  </Button>
                  <Button disabled={!can.productsWrite || !can.contactsWrite} onClick={() => setOpen("new")}>
                    {t("products.detail.addNew")}
                  </Button>
                </InlineStack>
              </InlineStack>
              <ProductOwners
                productId={product.id}
                owners={loaderData.owners}
                selectedLinkId={selected?.linkId ?? null}
                canWrite={can.productsWrite}
              />
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <Card>
            <BlockStack gap="400">
              <InlineStack align="space-between" blockAlign="center">
                <Text as="h2" variant="headingMd">
                  {selected
                    ? t("products.detail.attributesOf", { name: selected.name })
                    : t("products.detail.productAttributes")}
                </Text>
                <AddAttribute
                  scope="product"
                  disabled={!can.attributesWrite}
                  label={t("products.detail.addAttribute")}
                />
              </InlineStack>
              {selected ? (
                <AttributeForm
                  key={selected.linkId}
                  formId="product-attributes"
                  intent="product-attributes"
                  hiddenFields={{ linkId: selected.linkId }}
                  fields={selected.fields}
                  errors={answer?.intent === "product-attributes" ? answer.errors : undefined}
                  disabled={!can.productsWrite}
                  pageSize={PRODUCT_PAGE_PRODUCT_ATTRIBUTES}
                  emptyText={t("products.detail.noProductAttributes")}
                />
              ) : (
                <Text as="p" tone="subdued">
                  {t("products.detail.selectOwner")}
                </Text>
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
      <ChooseContactModal
        open={open === "choose"}
        onClose={close}
        productId={product.id}
        busy={linker.state !== "idle"}
        chooseLabel={(count) => t("products.choose.addSelected", { count })}
        onChoose={(ids) => {
          const body = new FormData();
          body.set("intent", "add-existing");
          for (const id of ids) body.append("contactId", id);
          linker.submit(body, { method: "post", action: `/product-detail?id=${product.id}` });
        }}
      />
      {open === "new" ? <ContactDrawer open onClose={close} actionData={contactAnswer} /> : null}
      {open === "rename" ? (
        <ProductNameDrawer
          intent="rename"
          title={t("products.renameTitle")}
          name={product.name}
          answer={actionData as unknown as ProductNameAnswer}
          onClose={close}
        />
      ) : null}
      <ConfirmModal
        open={open === "delete"}
        message={t("products.deleteConfirm", { name: product.name })}
        loading={deleter.state !== "idle"}
        onClose={close}
        onConfirm={() =>
          deleter.submit({ intent: "delete" }, { method: "post", action: `/product-detail?id=${product.id}` })
        }
      />
      <ToastView toast={linker.data?.toast} />
      <ToastView toast={contactAnswer?.toast ?? answer?.toast} />
    </Page>
  );
}
