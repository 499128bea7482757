import type { ConnectedStore } from "~/domain/integrations/shopify-integration.server";
import type { SmsMarketingStatus } from "~/domain/integrations/sms-status";
import type { ConsentText } from "~/domain/shopify/consent-text.server";

/** What the Shopify view of /integration gets from its loader. */
export type ShopifyViewData = {
  configured: boolean;
  appStoreUrl: string;
  store: ConnectedStore | null;
  smsStatus: Promise<SmsMarketingStatus> | null;
  statusKey: string;
  consent: ConsentText | null;
  can: { connect: boolean; disconnect: boolean; automaticOptIn: boolean; readOnly: boolean };
};
