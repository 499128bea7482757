import { applyProductDelete, applyProductUpsert } from "../commerce/catalogue-webhooks.server";
import {
  applyCustomerMarketingConsent,
  applyCustomerUpdate,
  applyOrder,
  prepareOrder,
} from "../commerce/order-webhooks.server";
import {
  applyAppScopesUpdate,
  applyAppSubscriptionUpdate,
  applyAppUninstalled,
  applyShopUpdate,
} from "./app-events.server";
import { applyCustomerRedact } from "./customer-redact.server";
import { applyCustomerDataRequest } from "./data-request.server";
import { applyShopRedact } from "./shop-redact.server";
import { keepOnlyIdentifiers, privacyRequestIdentifiers, type WebhookHandler } from "./stored-webhook.server";
import type { ShopifyWebhookTopic } from "./topics";

/** A customer privacy request, whose stored payload keeps only Shopify's ids once it is applied. */
function privacyRequest(
  apply: Extract<WebhookHandler, { inTransaction: unknown }>["inTransaction"],
): WebhookHandler {
  return {
    inTransaction: async (tx, webhook, now) => {
      const outcome = await apply(tx, webhook, now);
      await keepOnlyIdentifiers(tx, webhook, privacyRequestIdentifiers(webhook.payload));
      return outcome;
    },
  };
}

const handlers: Record<ShopifyWebhookTopic, WebhookHandler> = {
  "app/uninstalled": { inTransaction: applyAppUninstalled },
  "app/scopes_update": { inTransaction: applyAppScopesUpdate },
  "shop/update": { inTransaction: applyShopUpdate },
  "app_subscriptions/update": { outsideTransaction: applyAppSubscriptionUpdate },
  "products/create": { inTransaction: applyProductUpsert },
  "products/update": { inTransaction: applyProductUpsert },
  "products/delete": { inTransaction: applyProductDelete },
  "orders/create": { prepare: prepareOrder, inTransaction: applyOrder },
  "orders/updated": { prepare: prepareOrder, inTransaction: applyOrder },
  "customers/update": { inTransaction: applyCustomerUpdate },
  "customers_marketing_consent/update": { inTransaction: applyCustomerMarketingConsent },
  "customers/data_request": privacyRequest(applyCustomerDataRequest),
  "customers/redact": privacyRequest(applyCustomerRedact),
  "shop/redact": { inTransaction: applyShopRedact },
};

// A row whose topic we no longer handle (stored by an older version) is marked done, not retried.
const unknownTopic: WebhookHandler = {
  inTransaction: async (_tx, webhook) => `ignored: the topic ${webhook.topic} is not handled`,
};

export function handlerFor(topic: string): WebhookHandler {
  return Object.hasOwn(handlers, topic) ? handlers[topic as ShopifyWebhookTopic] : unknownTopic;
}
