import { Banner, BlockStack, Card, InlineStack, Page } from "@shopify/polaris";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { type MemberContext, requireMember, requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { parseIntent, rejectedForm, unknownIntent, uuidField } from "~/domain/actions/intent";
import { respond } from "~/domain/actions/respond.server";
import { submitContactDrawer } from "~/domain/contacts/contact-drawer.server";
import { deleteContact, getContact, listContacts } from "~/domain/contacts/contacts.server";
import { formatPhone } from "~/domain/contacts/phone";
import { listProducts } from "~/domain/products/products.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { AddAttribute } from "~/ui/contacts/attribute-drawer";
import { ContactDrawer, type EditableContact, isContactDrawerData } from "~/ui/contacts/contact-drawer";
import { ContactsTable } from "~/ui/contacts/contacts-table";
import { ImportCsvButton } from "~/ui/contacts/csv-import";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { ToastView } from "~/ui/toast";
import type { Route } from "./+types/contacts";

/** Contacts manager: the company's active contacts, 10 (or more) per page by keyset, searchable. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const url = new URL(request.url);
  // The page of contacts and the products (the Add Contact drawer offers to link the new contact to
  // one of them) do not depend on each other: read side by side.
  const [page, products] = await Promise.all([
    listContacts(member, {
      search: url.searchParams.get("q"),
      pageSize: Number(url.searchParams.get("size")) || undefined,
      after: url.searchParams.get("after"),
      before: url.searchParams.get("before"),
    }),
    listProducts(member),
  ]);
  return {
    page: { ...page, rows: page.rows.map((row) => ({ ...row, phoneDisplay: formatPhone(row.phone) })) },
    products,
    can: {
      contactsWrite: can(member, "contacts.write"),
      attributesWrite: can(member, "attributes.write"),
    },
  };
}

const contactsSchema = z.discriminatedUnion("intent", [
  // The drawer's fields are checked by its own schema, shared with the contact and product pages.
  z.looseObject({ intent: z.literal("create") }),
  z.looseObject({ intent: z.literal("update") }),
  z.object({ intent: z.literal("delete"), id: uuidField }),
]);

/** Add (drawer), edit and delete a contact. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "contacts.write");
  const form = await request.formData();
  const submission = parseIntent(form, contactsSchema);
  if (submission.status !== "success") return rejectedForm(submission);
  const input = submission.value;
  switch (input.intent) {
    case "create":
    case "update":
      return submitContactDrawer(member, form, { createdToast: "contacts.toasts.contactAdded" });
    case "delete":
      return remove(request, form, member, input.id);
    default:
      return unknownIntent();
  }
}

async function remove(request: Request, form: FormData, member: MemberContext, id: string) {
  const deleted = (await getContact(member, id)) ? await deleteContact(member, id) : false;
  return respond(
    request,
    form,
    deleted
      ? { message: "contacts.toasts.contactDeleted" }
      : { message: "contacts.toasts.somethingWentWrong", error: true },
  );
}

export default function Contacts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page, can } = loaderData;
  const [drawer, setDrawer] = useState<{ contact: EditableContact | null } | null>(null);
  const closeDrawer = useCallback(() => setDrawer(null), []);
  const drawerData = isContactDrawerData(actionData) ? actionData : undefined;
  return (
    <Page
      fullWidth
      title={t("contacts.title")}
      primaryAction={{
        content: t("contacts.addContact"),
        disabled: !can.contactsWrite,
        onAction: () => setDrawer({ contact: null }),
      }}
    >
      <BlockStack gap="400">
        <Banner tone="info" title={t("contacts.welcomeTitle")}>
          {t("contacts.welcomeBody")}
        </Banner>
        <Card>
          <ContactsTable
            page={page}
            canWrite={can.contactsWrite}
            onEdit={(contact) => setDrawer({ contact })}
            actions={
              <InlineStack gap="200">
                <AddAttribute
                  scope="contact"
                  disabled={!can.attributesWrite}
                  label={t("contacts.addAttribute")}
                />
                {/* The CSV import (issue 5 item 4) owns this button and its modals. */}
                <ImportCsvButton disabled={!can.contactsWrite} />
              </InlineStack>
            }
            emptyAction={<ImportCsvButton disabled={!can.contactsWrite} />}
          />
        </Card>
      </BlockStack>
      {drawer ? (
        <ContactDrawer
          open
          onClose={closeDrawer}
          contact={drawer.contact}
          actionData={drawerData}
          products={loaderData.products}
        />
      ) : null}
      <ToastView toast={drawerData?.toast} />
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
