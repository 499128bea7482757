ALTER TABLE "contact_attribute_values" DROP CONSTRAINT "contact_attribute_values_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_products" DROP CONSTRAINT "contact_products_account_id_accounts_id_fk";
