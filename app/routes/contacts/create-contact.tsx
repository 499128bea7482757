import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Button, Card, InlineStack, Link, Page, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigate, useNavigation } from "react-router";
import { requireMember, requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { createContactWithExtras } from "~/domain/contacts/new-contact.server";
import { ADD_CONTACT_SUCCESS_CLOSE_MS, addContactPageSchema } from "~/domain/contacts/schemas";
import { listProducts } from "~/domain/products/products.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { asI18nKey } from "~/i18n/keys";
import { NewContactExtras } from "~/ui/contacts/new-contact-extras";
import { FormTextField } from "~/ui/fields";
import { Modal } from "~/ui/modal";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/create-contact";

/** The add-contact page (spec: 'Back to all contacts'; names required, then phone or email). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  return { canWrite: can(member, "contacts.write"), products: await listProducts(member) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "contacts.write");
  const submission = parseWithZod(await request.formData(), { schema: addContactPageSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), created: false, failure: null }, 400);
  const { smsConsent, consentSource, productId, ...input } = submission.value;
  const outcome = await createContactWithExtras(member, input, {
    smsConsent,
    consentSource,
    productId: productId || undefined,
  });
  if (outcome.ok) return { result: submission.reply({ resetForm: true }), created: true, failure: null };
  const failure =
    outcome.reason === "duplicate"
      ? {
          message:
            outcome.field === "phone"
              ? "contacts.validation.duplicatePhone"
              : "contacts.validation.duplicateEmail",
          contactId: outcome.contactId,
        }
      : outcome.reason === "invalid_phone"
        ? { message: "contacts.validation.phoneInvalid", contactId: null }
        : outcome.reason === "missing_contact_point"
          ? { message: "contacts.validation.phoneOrEmailRequired", contactId: null }
          : { message: "contacts.toasts.unableToCreate", contactId: null }; // product_not_found too
  return data(
    { result: submission.reply(), created: false, failure },
    outcome.reason === "duplicate" ? 409 : 400,
  );
}

export default function CreateContact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "create-contact",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addContactPageSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [dialog, setDialog] = useState<"created" | "failed" | null>(null);
  useEffect(() => {
    if (actionData?.created) setDialog("created");
    else if (actionData?.failure) setDialog("failed");
  }, [actionData]);
  // The success modal goes back to the contacts after 2 seconds (spec 2 section 9).
  useEffect(() => {
    if (dialog !== "created") return;
    const timer = window.setTimeout(() => navigate("/contacts"), ADD_CONTACT_SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [dialog, navigate]);
  const failure = actionData?.failure;
  return (
    <Page
      narrowWidth
      title={t("contacts.create.back")}
      backAction={{ content: t("contacts.create.back"), url: "/contacts" }}
    >
      <Card>
        <Form method="post" {...getFormProps(form)}>
          <BlockStack gap="400">
            <Text as="h2" variant="headingMd">
              {t("contacts.create.title")}
            </Text>
            <FormTextField
              meta={fields.firstName}
              label={t("contacts.fields.firstName")}
              autoComplete="off"
            />
            <FormTextField meta={fields.lastName} label={t("contacts.fields.lastName")} autoComplete="off" />
            <FormTextField
              meta={fields.phone}
              label={t("contacts.fields.phone")}
              type="tel"
              autoComplete="off"
            />
            <FormTextField
              meta={fields.email}
              label={t("contacts.fields.email")}
              type="email"
              autoComplete="off"
            />
            <NewContactExtras fields={fields} products={loaderData.products} />
            <InlineStack align="end">
              <Button
                submit
                variant="primary"
                disabled={!loaderData.canWrite}
                loading={navigation.state === "submitting"}
              >
                {t("contacts.create.submit")}
              </Button>
            </InlineStack>
          </BlockStack>
        </Form>
      </Card>
      <Modal
        open={dialog === "created"}
        onClose={() => navigate("/contacts")}
        title={t("contacts.toasts.contactsAdded")}
        titleHidden
      >
        <Modal.Section>
          <Text as="p" variant="headingMd" alignment="center">
            {t("contacts.toasts.contactsAdded")}
          </Text>
        </Modal.Section>
      </Modal>
      <Modal
        open={dialog === "failed"}
        onClose={() => setDialog(null)}
        title={t("contacts.create.failedTitle")}
        primaryAction={{ content: t("contacts.create.ok"), onAction: () => setDialog(null) }}
      >
        <Modal.Section>
          <BlockStack gap="200">
            <Text as="p">{failure ? t(asI18nKey(failure.message)) : null}</Text>
            {failure?.contactId ? (
              <Link url={`/contacts/contact-detail?id=${failure.contactId}`}>
                {t("contacts.viewExisting")}
              </Link>
            ) : null}
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
