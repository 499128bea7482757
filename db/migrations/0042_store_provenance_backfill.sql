-- Issue 32 item 2: accounts.created_for_store_profile_id for companies that existed before it.
-- Until now, linking an existing company to a store also set its source to 'shopify', so source alone
-- cannot tell a company made for a store from one that was linked to it. A company counts as made
-- for its store when all of these hold (the best the existing rows can tell):
--   * it is linked to the store and its source is 'shopify' (both kinds of store company had these);
--   * it was created at or after the store's profile: onboarding makes the company after the
--     install recorded the profile, while a company that existed before the store was linked;
--   * no platform admin created it (the admin's Add Company writes a 'company.create' audit entry).
-- What cannot be told apart: a company someone created on /setup after the store was installed and
-- then linked; it stays recognised as made for the store, as it was before. shop/redact still
-- deletes such a company only when it holds nothing made outside Shopify (contacts from forms,
-- imports or by hand, other members, Stripe or manual billing): see shop-redact.server.ts.
UPDATE "accounts" AS a
SET "created_for_store_profile_id" = sp."id"
FROM "store_profiles" AS sp
WHERE sp."account_id" = a."id"
  AND a."source" = 'shopify'
  AND a."created_at" >= sp."created_at"
  AND NOT EXISTS (
    SELECT 1 FROM "audit_log" AS l
    WHERE l."action" = 'company.create' AND l."target_type" = 'account' AND l."target_id" = a."id"::text
  );
