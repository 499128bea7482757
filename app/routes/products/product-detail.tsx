import type { SubmissionResult } from "@conform-to/react";
import { BlockStack, Button, Card, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, useFetcher } from "react-router";
import { z } from "zod";
import { getDb } from "#db/client.server";
import { type MemberContext, permit, permitAny, requireMember } from "~/domain/access/guard.server";
import { can, type Permission } from "~/domain/access/permissions";
import { parseIntent, unknownIntent, uuidField } from "~/domain/actions/intent";
import { respond } from "~/domain/actions/respond.server";
import { redirectWithToast } from "~/domain/auth/session.server";
import {
  attributeValuesFrom,
  getContactProductLink,
  productAttributeForm,
  saveProductAttributes,
} from "~/domain/contacts/attributes.server";
import { submitContactDrawer } from "~/domain/contacts/contact-drawer.server";
import { contactName } from "~/domain/contacts/contacts.server";
import { formatPhone } from "~/domain/contacts/phone";
import {
  linkContactsToProduct,
  listProductOwners,
  unlinkContactFromProduct,
} from "~/domain/products/links.server";
import { deleteProduct, getProduct, renameProduct } from "~/domain/products/products.server";
import { productNameSchema } from "~/domain/products/schemas";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { ConfirmModal } from "~/ui/confirm-modal";
import { ContactDrawer, isContactDrawerData } from "~/ui/contacts/contact-drawer";
import { ChooseContactModal } from "~/ui/products/choose-contact-modal";
import { OwnerAttributesCard } from "~/ui/products/owner-attributes-card";
import { ProductNameDrawer } from "~/ui/products/product-name-drawer";
import { ProductOwners } from "~/ui/products/product-owners";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { type Toast, ToastView } from "~/ui/toast";
import type { Route } from "./+types/product-detail";

/** A product of the company (?id=, which replaces the spec's navigation state): owners and their attributes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
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
          name: await contactName(member, selected.contactId),
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

const productDetailSchema = z.discriminatedUnion("intent", [
  // The Add Contact drawer's fields are checked by its own schema, shared with the contacts screens.
  z.looseObject({ intent: z.literal("create") }),
  z.object({ intent: z.literal("add-existing"), contactId: z.array(uuidField) }),
  z.object({ intent: z.literal("remove"), contactId: uuidField }),
  // Attribute values arrive as attr.{id} fields, checked against the company's attributes.
  z.looseObject({ intent: z.literal("product-attributes"), linkId: uuidField }),
  productNameSchema.extend({ intent: z.literal("rename") }),
  z.object({ intent: z.literal("delete") }),
]);

type ProductDetailInput = z.infer<typeof productDetailSchema>;
type Intent = ProductDetailInput["intent"];
type Input<I extends Intent> = Extract<ProductDetailInput, { intent: I }>;

const intentPermissions: Record<Intent, Permission[]> = {
  "add-existing": ["products.write"],
  create: ["contacts.write", "products.write"],
  remove: ["products.write"],
  "product-attributes": ["products.write"],
  rename: ["products.manage"],
  delete: ["products.manage"],
};

const failed: Toast = { message: "products.toasts.somethingWentWrong", error: true };

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember({ request, context });
  permitAny(member, Object.values(intentPermissions).flat());
  const form = await request.formData();
  const submission = parseIntent(form, productDetailSchema);
  if (submission.status !== "success") {
    const intent = String(submission.payload.intent ?? "");
    return data({ intent, result: submission.reply(), done: false, toast: null, errors: undefined }, 400);
  }
  const input = submission.value;
  for (const permission of intentPermissions[input.intent]) permit(member, permission);
  const product = await getProduct(member, new URL(request.url).searchParams.get("id") ?? "");
  if (!product) return respond(request, form, failed, { intent: input.intent }, 404);

  switch (input.intent) {
    case "create":
      return submitContactDrawer(member, form, {
        createdToast: "contacts.toasts.contactCreated",
        linkProductId: product.id,
      });
    case "add-existing":
      return addOwners(request, form, member, product.id, input.contactId);
    case "remove":
      return removeOwner(request, form, member, product.id, input.contactId);
    case "product-attributes":
      return saveOwnerAttributes(member, product.id, input.linkId, attributeValuesFrom(form));
    case "rename":
      return rename(member, product.id, input, submission.reply);
    case "delete":
      return remove(request, member, product.id);
    default:
      return unknownIntent();
  }
}

async function addOwners(
  request: Request,
  form: FormData,
  member: MemberContext,
  productId: string,
  contactIds: string[],
) {
  const linked = await linkContactsToProduct(member, contactIds, productId);
  if (!linked.ok) return respond(request, form, failed, { intent: "add-existing" }, 404);
  const toast: Toast = { message: "products.toasts.linked", values: { count: String(contactIds.length) } };
  return respond(request, form, toast, { intent: "add-existing" });
}

async function removeOwner(
  request: Request,
  form: FormData,
  member: MemberContext,
  productId: string,
  contactId: string,
) {
  const removed = await unlinkContactFromProduct(getDb(), member, contactId, productId);
  return respond(request, form, removed ? { message: "products.toasts.removed" } : failed, {
    intent: "remove",
  });
}

async function saveOwnerAttributes(
  member: MemberContext,
  productId: string,
  linkId: string,
  values: ReturnType<typeof attributeValuesFrom>,
) {
  const intent = "product-attributes";
  const link = await getContactProductLink(member, linkId);
  if (!link || link.productId !== productId) return data({ intent, toast: failed, errors: undefined }, 404);
  const saved = await saveProductAttributes(member, linkId, values);
  if (saved.ok)
    return { intent, toast: { message: "contacts.toasts.productAttributesSaved" }, errors: undefined };
  if (saved.reason === "invalid") return data({ intent, toast: null, errors: saved.errors }, 400);
  return data({ intent, toast: failed, errors: undefined }, 404);
}

async function rename(
  member: MemberContext,
  productId: string,
  input: Input<"rename">,
  reply: (options?: { fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>,
) {
  const renamed = await renameProduct(member, productId, input.name);
  if (!renamed.ok) {
    const result = reply({ fieldErrors: { name: ["products.toasts.duplicate"] } });
    return data({ intent: input.intent, result, done: false, toast: null }, 409);
  }
  return { intent: input.intent, result: reply(), done: true, toast: { message: "products.toasts.renamed" } };
}

async function remove(request: Request, member: MemberContext, productId: string) {
  await deleteProduct(member, productId);
  return redirectWithToast(request, "/product", { message: "products.toasts.deleted" });
}

export default function ProductDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { product, can, selected } = loaderData;
  const [open, setOpen] = useState<"choose" | "new" | "rename" | "delete" | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const linker = useFetcher<{ toast?: Toast }>();
  const deleter = useFetcher();
  const answer = actionData;
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
          <OwnerAttributesCard
            selected={selected}
            errors={
              answer && "errors" in answer && answer.intent === "product-attributes"
                ? answer.errors
                : undefined
            }
            canWrite={can.productsWrite}
            canAddAttribute={can.attributesWrite}
          />
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
          answer={actionData}
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
      <ToastView toast={contactAnswer?.toast ?? (answer && "toast" in answer ? answer.toast : undefined)} />
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
