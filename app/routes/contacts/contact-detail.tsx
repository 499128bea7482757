import type { SubmissionResult } from "@conform-to/react";
import { BlockStack, Button, Card, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { z } from "zod";
import { getDb } from "#db/client.server";
import { type MemberContext, permit, permitAny, requireMember } from "~/domain/access/guard.server";
import { can, type Permission } from "~/domain/access/permissions";
import { parseIntent, unknownIntent, uuidField } from "~/domain/actions/intent";
import { redirectWithToast } from "~/domain/auth/session.server";
import {
  attributeValuesFrom,
  contactAttributeForm,
  productAttributeForm,
  saveContactAttributes,
  saveProductAttributes,
} from "~/domain/contacts/attributes.server";
import { submitContactDrawer } from "~/domain/contacts/contact-drawer.server";
import { getContact } from "~/domain/contacts/contacts.server";
import { formatPhone } from "~/domain/contacts/phone";
import { CONTACT_PAGE_PRODUCT_ATTRIBUTES, selectProductSchema } from "~/domain/contacts/schemas";
import { contactTimeline, smsConsentOf, TIMELINE_LIMIT } from "~/domain/journeys/timeline.server";
import { recordSmsConsent } from "~/domain/messaging/consent.server";
import { linkContactToProduct, listContactProducts } from "~/domain/products/links.server";
import { listProducts } from "~/domain/products/products.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { AddProductDrawer } from "~/ui/contacts/add-product-drawer";
import { AttributesCard } from "~/ui/contacts/attributes-card";
import { ContactDrawer, isContactDrawerData } from "~/ui/contacts/contact-drawer";
import { ContactProducts } from "~/ui/contacts/contact-products";
import { ContactTimeline } from "~/ui/contacts/contact-timeline";
import { SmsConsentCard } from "~/ui/contacts/sms-consent-card";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { type Toast, ToastView } from "~/ui/toast";
import type { Route } from "./+types/contact-detail";

/** One contact of the company (?id=, which replaces the spec's navigation state): attributes and products. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const url = new URL(request.url);
  const contact = await getContact(member, url.searchParams.get("id") ?? "");
  if (!contact)
    throw await redirectWithToast(request, "/contacts", {
      message: "contacts.toasts.somethingWentWrong",
      error: true,
    });
  const [attributes, links, products, timeline, smsConsent] = await Promise.all([
    contactAttributeForm(member, contact.id),
    listContactProducts(member, contact.id),
    listProducts(member),
    contactTimeline(member, contact.id),
    smsConsentOf(member, contact.id),
  ]);
  const selected = links.find((l) => l.linkId === url.searchParams.get("link")) ?? links[0] ?? null;
  const productAttributes = selected ? await productAttributeForm(member, selected.linkId) : null;
  const linkedIds = new Set(links.map((l) => l.productId));
  return {
    contact: { ...contact, phoneDisplay: formatPhone(contact.phone) },
    attributes: attributes ?? [],
    links,
    selectedLinkId: selected?.linkId ?? null,
    productAttributes: productAttributes ?? [],
    linkableProducts: products.filter((p) => !linkedIds.has(p.id)),
    timeline: timeline ?? [],
    timelineLimit: TIMELINE_LIMIT,
    smsConsent: smsConsent ?? "none",
    can: {
      contactsWrite: can(member, "contacts.write"),
      productsWrite: can(member, "products.write"),
      consentRecord: can(member, "consent.record"),
    },
  };
}

const CONSENT_TEXT_MAX = 1000;

const contactDetailSchema = z.discriminatedUnion("intent", [
  // Attribute values arrive as attr.{id} fields, checked against the company's attributes.
  z.looseObject({ intent: z.literal("contact-attributes") }),
  z.looseObject({ intent: z.literal("product-attributes"), linkId: uuidField }),
  // The edit drawer's fields are checked by its own schema, shared with the contacts screens.
  z.looseObject({ intent: z.literal("update") }),
  selectProductSchema.extend({ intent: z.literal("link-product") }),
  z.object({
    intent: z.literal("sms-consent"),
    consentText: z
      .string({ error: "timeline.consent.required" })
      .trim()
      .min(1, "timeline.consent.required")
      .max(CONSENT_TEXT_MAX, "timeline.consent.tooLong"),
  }),
]);

type Intent = z.infer<typeof contactDetailSchema>["intent"];
type Submission = ReturnType<typeof parseIntent<typeof contactDetailSchema>>;
type Contact = NonNullable<Awaited<ReturnType<typeof getContact>>>;

const intentPermissions: Record<Intent, Permission> = {
  "contact-attributes": "contacts.write",
  update: "contacts.write",
  "product-attributes": "products.write",
  "link-product": "products.write",
  "sms-consent": "consent.record",
};

const somethingWentWrong: Toast = { message: "contacts.toasts.somethingWentWrong", error: true };

/** Save contact or product attribute values, link a product, edit the contact, record SMS consent. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember({ request, context });
  permitAny(member, Object.values(intentPermissions));
  const form = await request.formData();
  const submission = parseIntent(form, contactDetailSchema);
  if (submission.status !== "success") return rejected(submission);
  const input = submission.value;
  permit(member, intentPermissions[input.intent]);
  const contact = await getContact(member, new URL(request.url).searchParams.get("id") ?? "");
  if (!contact) return data({ intent: input.intent, toast: somethingWentWrong, errors: undefined }, 404);

  switch (input.intent) {
    case "sms-consent":
      return recordConsent(member, contact, input.consentText);
    case "update":
      return submitContactDrawer(member, form, { createdToast: "contacts.toasts.contactAdded" });
    case "link-product":
      return linkProduct(member, contact, input.productId, submission.reply);
    case "contact-attributes":
      return saveAttributes(
        input.intent,
        await saveContactAttributes(member, contact.id, attributeValuesFrom(form)),
      );
    case "product-attributes":
      return saveAttributes(
        input.intent,
        await saveProductAttributes(member, input.linkId, attributeValuesFrom(form)),
      );
    default:
      return unknownIntent();
  }
}

/** 400 in the shape the intent's form reads: the consent modal's message, the drawer's field errors. */
function rejected(submission: Submission) {
  const intent = String(submission.payload.intent ?? "");
  if (intent === "sms-consent") {
    const errors = submission.status === "error" ? submission.error : undefined;
    const error = errors?.consentText?.[0] ?? "timeline.consent.required";
    return data({ intent, ok: false, error }, 400);
  }
  if (intent === "link-product")
    return data({ intent, result: submission.reply(), linked: false, toast: null }, 400);
  return data({ intent, toast: null, errors: undefined }, 400);
}

async function recordConsent(member: MemberContext, contact: Contact, consentText: string) {
  const intent = "sms-consent";
  // Recorded by a team member: the IP is not the contact's, so none is kept; the user is.
  const recorded = await recordSmsConsent(getDb(), member.account.id, contact.id, {
    source: "admin",
    consentText,
    ip: null,
    userId: member.user.id,
  });
  // Opted out meanwhile (a STOP while the modal was open): only the contact can opt back in.
  if (!recorded.ok && recorded.reason === "opted_out")
    return data({ intent, ok: false, error: "timeline.consent.optedOutRefused" }, 409);
  if (!recorded.ok) return data({ intent, ok: false, toast: somethingWentWrong }, 404);
  return { intent, ok: true, toast: { message: "timeline.consent.recorded" } };
}

async function linkProduct(
  member: MemberContext,
  contact: Contact,
  productId: string,
  reply: (options?: {
    fieldErrors?: Record<string, string[]>;
    resetForm?: boolean;
  }) => SubmissionResult<string[]>,
) {
  const intent = "link-product";
  const linked = await linkContactToProduct(getDb(), member, contact.id, productId);
  if (!linked.ok) {
    const result = reply({ fieldErrors: { productId: ["contacts.validation.selectProduct"] } });
    return data({ intent, result, linked: false, toast: null }, 404);
  }
  return {
    intent,
    result: reply({ resetForm: true }),
    linked: true,
    toast: { message: "contacts.toasts.productLinked" },
  };
}

function saveAttributes(
  intent: "contact-attributes" | "product-attributes",
  saved: Awaited<ReturnType<typeof saveContactAttributes>>,
) {
  if (saved.ok) {
    const message =
      intent === "contact-attributes"
        ? "contacts.toasts.contactAttributesSaved"
        : "contacts.toasts.productAttributesSaved";
    return { intent, toast: { message }, errors: undefined };
  }
  if (saved.reason === "invalid") return data({ intent, toast: null, errors: saved.errors }, 400);
  return data({ intent, toast: somethingWentWrong, errors: undefined }, 404);
}

export default function ContactDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { contact, can } = loaderData;
  const [drawer, setDrawer] = useState<"edit" | "product" | null>(null);
  const close = useCallback(() => setDrawer(null), []);
  const answer = actionData;
  const errorsFor = (intent: string) =>
    answer && "errors" in answer && answer.intent === intent ? answer.errors : undefined;
  const contactAnswer = isContactDrawerData(actionData) ? actionData : undefined;
  const selected = loaderData.links.find((l) => l.linkId === loaderData.selectedLinkId);
  return (
    <Page
      title={`${contact.firstName} ${contact.lastName}`}
      subtitle={[contact.phoneDisplay, contact.email].filter(Boolean).join(" · ")}
      backAction={{ content: t("contacts.detail.back"), url: "/contacts" }}
      secondaryActions={[
        {
          content: t("contacts.editContact"),
          disabled: !can.contactsWrite,
          onAction: () => setDrawer("edit"),
        },
      ]}
    >
      <Layout>
        <Layout.Section variant="oneHalf">
          <BlockStack gap="400">
            <AttributesCard
              title={t("contacts.detail.attributes")}
              formId="contact-attributes"
              intent="contact-attributes"
              fields={loaderData.attributes}
              errors={errorsFor("contact-attributes")}
              disabled={!can.contactsWrite}
              emptyText={t("contacts.detail.noAttributes")}
            />
            <SmsConsentCard consent={loaderData.smsConsent} canRecord={can.consentRecord} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="h2" variant="headingMd">
                    {t("contacts.detail.products")}
                  </Text>
                  <Button disabled={!can.productsWrite} onClick={() => setDrawer("product")}>
                    {t("contacts.detail.addProduct")}
                  </Button>
                </InlineStack>
                <ContactProducts
                  contactId={contact.id}
                  links={loaderData.links}
                  selectedLinkId={loaderData.selectedLinkId}
                />
              </BlockStack>
            </Card>
            {selected ? (
              <AttributesCard
                key={selected.linkId}
                title={t("contacts.detail.productAttributesOf", { product: selected.name })}
                formId="product-attributes"
                intent="product-attributes"
                hiddenFields={{ linkId: selected.linkId }}
                fields={loaderData.productAttributes}
                errors={errorsFor("product-attributes")}
                disabled={!can.productsWrite}
                pageSize={CONTACT_PAGE_PRODUCT_ATTRIBUTES}
                emptyText={t("contacts.detail.noProductAttributes")}
              />
            ) : null}
          </BlockStack>
        </Layout.Section>
        <Layout.Section>
          <ContactTimeline events={loaderData.timeline} limit={loaderData.timelineLimit} />
        </Layout.Section>
      </Layout>
      {drawer === "edit" ? (
        <ContactDrawer open onClose={close} contact={contact} actionData={contactAnswer} />
      ) : null}
      {drawer === "product" ? (
        <AddProductDrawer products={loaderData.linkableProducts} answer={actionData} onClose={close} />
      ) : null}
      <ToastView toast={contactAnswer?.toast ?? (answer && "toast" in answer ? answer.toast : undefined)} />
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
