-- Custom SQL migration file, put your code below! --
-- Until issue 32 the embedded app made a user and a membership from a Shopify staff member's address
-- even when Shopify had not verified it, so anyone could put someone else's address into their
-- company. Those memberships were never confirmed by the address's owner:
-- a user who has still not proved the address: all their memberships wait for the owner, who drops
-- them by confirming the address (identity.server.ts); until then they open no company.
UPDATE "memberships" AS m SET "owner_confirmed" = false
FROM "users" AS u
WHERE u."id" = m."user_id" AND u."email_verified_at" IS NULL;
--> statement-breakpoint
-- the owner proved the address later: a membership in a store's company made before that, for a
-- staff member of that store whose address Shopify had not verified, is dropped now, as confirming
-- the address would have dropped it. (A member invited after proving the address keeps theirs.)
DELETE FROM "memberships" AS m
USING "users" AS u, "store_profiles" AS p
WHERE u."id" = m."user_id"
  AND p."account_id" = m."account_id"
  AND u."email_verified_at" IS NOT NULL
  AND m."created_at" < u."email_verified_at"
  AND EXISTS (
    SELECT 1 FROM "shopify_sessions" AS s
    WHERE s."shop" = p."shop_domain"
      AND s."isOnline"
      AND lower(s."email") = u."email"
      AND s."emailVerified" IS NOT TRUE
  );
