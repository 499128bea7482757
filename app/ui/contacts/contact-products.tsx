import { ResourceItem, ResourceList, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { EmptyMessage } from "~/ui/empty-message";

/** The products a contact is linked to; choosing one shows its product attributes (?link= in the URL). */
export function ContactProducts({
  contactId,
  links,
  selectedLinkId,
}: {
  contactId: string;
  links: { linkId: string; productId: string; name: string }[];
  selectedLinkId: string | null;
}) {
  const { t } = useTranslation();
  if (links.length === 0) return <EmptyMessage heading={t("contacts.detail.noProducts")} />;
  return (
    <ResourceList
      items={links}
      renderItem={(link) => (
        <ResourceItem
          id={link.linkId}
          url={`?id=${contactId}&link=${link.linkId}`}
          accessibilityLabel={link.name}
        >
          <Text as="span" fontWeight={link.linkId === selectedLinkId ? "bold" : "regular"}>
            {link.name}
            {link.linkId === selectedLinkId ? " ✓" : ""}
          </Text>
        </ResourceItem>
      )}
    />
  );
}
