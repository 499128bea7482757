import { Button, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { AdminUserRow } from "~/domain/admin/users.server";

/** A user's companies; each opens that company read-only (View As RO Admin), as the spec asks. */
export function UserCompanies({ companies }: { companies: AdminUserRow["companies"] }) {
  const { t } = useTranslation();
  if (companies.length === 0) return <Text as="span">{t("adminUsers.noCompany")}</Text>;
  return (
    <InlineStack gap="200" wrap>
      {companies.map((company) => (
        <Form key={company.id} method="post" action="/resources/view-as">
          <input type="hidden" name="intent" value="view" />
          <input type="hidden" name="accountId" value={company.id} />
          <input type="hidden" name="mode" value="roadmin" />
          <Button
            submit
            variant="plain"
            accessibilityLabel={t("adminUsers.openCompany", { company: company.company })}
          >
            {company.company}
          </Button>
        </Form>
      ))}
    </InlineStack>
  );
}
