import { BlockStack, Box, Text } from "@shopify/polaris";
import type { ReactNode } from "react";

/** An empty list or page: a heading and an optional line, centred (no illustration to load). */
export function EmptyMessage({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <Box paddingBlock="800" paddingInline="400">
      <BlockStack gap="200" inlineAlign="center">
        <Text as="p" variant="headingMd" alignment="center">
          {heading}
        </Text>
        {children ? (
          <Text as="p" tone="subdued" alignment="center">
            {children}
          </Text>
        ) : null}
      </BlockStack>
    </Box>
  );
}
