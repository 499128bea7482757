/**
 * Rules that live in SQL, not in TypeScript. Each one runs inside the statement that writes its table,
 * whoever writes it (a screen, an import, a webhook job, a psql session), which is why it is a trigger:
 * no caller can forget it, and multi-row writes stay set-based. A newcomer reading app/domain finds them
 * here; app/domain/sql-side-rules.db.test.ts fails when a migration adds or drops a trigger this list
 * does not name, so the list stays the whole truth.
 *
 * To change a rule: write a migration that replaces the function (CREATE OR REPLACE FUNCTION), then
 * update the entry below.
 */
export type SqlSideRule = {
  /** What the rule does, in the product's words. */
  rule: string;
  /** The triggers that run it (pg_trigger names), on the tables they watch. */
  triggers: Record<string, string>;
  /** The plpgsql function the triggers execute. */
  fn: string;
  /** The migration that defines it (db/migrations/). */
  migration: string;
  /** The TypeScript module that documents and tests the rule's behaviour. */
  owner: string;
};

export const sqlSideRules: readonly SqlSideRule[] = [
  {
    rule:
      "Enrollment: linking a contact to a product enrolls it in the product's journey at its first touchpoint " +
      "(a re-link after an unlink starts a new cycle); wakes the dispatcher when the first step is due within a minute",
    triggers: { contact_products_enroll: "contact_products" },
    fn: "journey_enroll_links",
    migration: "0010_enrollment_triggers.sql",
    owner: "app/domain/journeys/engine.server.ts",
  },
  {
    rule: "Enrollment ends when the contact's link to the product is removed",
    triggers: { contact_products_end_enrollment: "contact_products" },
    fn: "journey_end_unlinked",
    migration: "0010_enrollment_triggers.sql",
    owner: "app/domain/journeys/engine.server.ts",
  },
  {
    rule:
      "Analytics rollups: every message, contact, consent event, form submission and view, and Shopify order " +
      "written or removed is counted into the daily rollup tables in the company's time zone",
    triggers: {
      analytics_messages_insert: "messages",
      analytics_messages_update: "messages",
      analytics_messages_delete: "messages",
      analytics_contacts_insert: "contacts",
      analytics_contacts_delete: "contacts",
      analytics_consent_events_insert: "consent_events",
      analytics_consent_events_delete: "consent_events",
      analytics_form_submissions_insert: "form_submissions",
      analytics_form_submissions_delete: "form_submissions",
      analytics_form_view_counts_insert: "form_view_counts",
      analytics_form_view_counts_update: "form_view_counts",
      analytics_form_view_counts_delete: "form_view_counts",
      analytics_shopify_orders_insert: "shopify_orders",
      analytics_shopify_orders_update: "shopify_orders",
      analytics_shopify_orders_delete: "shopify_orders",
    },
    fn: "analytics_count",
    migration: "0034_analytics.sql",
    owner: "app/domain/analytics/rebuild.server.ts",
  },
  {
    rule: "Analytics rollups: tracked-link clicks are counted per message's day, journey, touchpoint and channel",
    triggers: { analytics_link_clicks_insert: "link_clicks", analytics_link_clicks_delete: "link_clicks" },
    fn: "analytics_count_clicks",
    migration: "0034_analytics.sql",
    owner: "app/domain/analytics/rebuild.server.ts",
  },
  {
    rule: "Deleting contacts or attributes deletes their attribute values (the cascade without per-row foreign keys)",
    triggers: { contacts_delete_attribute_values: "contacts", attributes_delete_values: "attributes" },
    fn: "contact_attribute_values_cascade",
    migration: "0037_contact_values_without_keys.sql",
    owner: "db/schema/contacts.ts",
  },
];
