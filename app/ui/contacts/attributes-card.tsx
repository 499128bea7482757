import { BlockStack, Card, Text } from "@shopify/polaris";
import type { ComponentProps } from "react";
import { AttributeForm } from "./attribute-form";

/** A card titled `title` holding one attribute form (the contact's, or a product link's). */
export function AttributesCard({ title, ...form }: { title: string } & ComponentProps<typeof AttributeForm>) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        <AttributeForm {...form} />
      </BlockStack>
    </Card>
  );
}
