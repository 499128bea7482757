import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Button, InlineStack, Link } from "@shopify/polaris";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { ContactDrawerData } from "~/domain/contacts/contact-drawer.server";
import { contactDrawerSchema } from "~/domain/contacts/schemas";
import { Drawer } from "~/ui/drawer";
import { FormTextField } from "~/ui/fields";
import { NewContactExtras } from "./new-contact-extras";

export type EditableContact = {
  id: string;
  firstName: string;
  lastName: string;
  phoneDisplay: string;
  email: string | null;
};

/**
 * The Add Contact drawer, also used to edit a contact (spec: firstName, lastName and phone required,
 * email optional). Posts to the page's action with intent create or update; a duplicate phone or email
 * is refused with a link to the contact that has it.
 */
export function ContactDrawer({
  open,
  onClose,
  contact,
  actionData,
  hiddenFields,
  products,
}: {
  open: boolean;
  onClose: () => void;
  contact?: EditableContact | null;
  actionData: ContactDrawerData | undefined | unknown;
  hiddenFields?: Record<string, string>;
  /** A new contact may be linked to one of these; undefined: not offered (the product page links its own). */
  products?: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // Only answers to this drawer's own submissions count: one left from an earlier opening is ignored.
  const latest = isContactDrawerData(actionData) ? actionData : undefined;
  const atOpening = useRef(latest);
  const answer = latest !== atOpening.current ? latest : undefined;
  const intent = contact ? "update" : "create";
  const [form, fields] = useForm({
    id: contact ? `edit-contact-${contact.id}` : "add-contact",
    lastResult: answer?.result,
    defaultValue: contact
      ? {
          firstName: contact.firstName,
          lastName: contact.lastName,
          phone: contact.phoneDisplay,
          email: contact.email ?? "",
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactDrawerSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    if (answer?.toast && !answer.toast.error) onClose();
  }, [answer, onClose]);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const title = contact ? t("contacts.editContact") : t("contacts.addContact");
  return (
    <Drawer open={open} title={title} onClose={onClose}>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        {contact ? <input type="hidden" name="id" value={contact.id} /> : null}
        {Object.entries(hiddenFields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <BlockStack gap="400">
          {answer?.duplicate ? (
            <Banner tone="warning" title={t("contacts.duplicateTitle")}>
              <Link url={`/contacts/contact-detail?id=${answer.duplicate.contactId}`}>
                {t("contacts.viewExisting")}
              </Link>
            </Banner>
          ) : null}
          <FormTextField meta={fields.firstName} label={t("contacts.fields.firstName")} autoComplete="off" />
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
          {contact ? null : <NewContactExtras fields={fields} products={products} />}
          <InlineStack align="end" gap="200">
            <Button onClick={onClose}>{t("contacts.cancel")}</Button>
            <Button submit variant="primary" loading={busy}>
              {t("contacts.save")}
            </Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Drawer>
  );
}

export function isContactDrawerData(value: unknown): value is ContactDrawerData {
  return typeof value === "object" && value !== null && (value as { intent?: unknown }).intent === "contact";
}
