import { BlockStack, Box, Card, SkeletonBodyText, SkeletonDisplayText } from "@shopify/polaris";
import { useState } from "react";

/** The external dashboard a platform admin assigned to the company, with skeleton loaders until it has loaded. */
export function DashboardEmbed({ name, embedUrl }: { name: string; embedUrl: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <Card padding="0">
      {loaded ? null : (
        <Box padding="400">
          <BlockStack gap="400">
            <SkeletonDisplayText size="small" />
            <SkeletonBodyText lines={6} />
          </BlockStack>
        </Box>
      )}
      <iframe
        title={name}
        src={embedUrl}
        className="dashboard-frame"
        style={{ display: loaded ? "block" : "none" }}
        onLoad={() => setLoaded(true)}
      />
    </Card>
  );
}
