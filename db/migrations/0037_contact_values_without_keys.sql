ALTER TABLE "contact_attribute_values" DROP CONSTRAINT "contact_attribute_values_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_attribute_values" DROP CONSTRAINT "contact_attribute_values_attribute_id_attributes_id_fk";
--> statement-breakpoint
-- Hand-written below (drizzle-kit generated the statements above). A CSV import wrote each attribute
-- value with two foreign-key checks, row by row (about 60 ms of a 10,000-row batch's ~400, issue 19).
-- The writers hold the rule now (db/schema/contacts.ts says how); these triggers keep the cascades:
-- a statement that deletes contacts or attributes deletes their values, in one statement.
CREATE FUNCTION contact_attribute_values_cascade() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_TABLE_NAME = 'contacts' THEN
    DELETE FROM contact_attribute_values v USING deleted_rows d WHERE v.contact_id = d.id;
  ELSE
    DELETE FROM contact_attribute_values v USING deleted_rows d WHERE v.attribute_id = d.id;
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE TRIGGER contacts_delete_attribute_values AFTER DELETE ON contacts REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_attribute_values_cascade();--> statement-breakpoint
CREATE TRIGGER attributes_delete_values AFTER DELETE ON attributes REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_attribute_values_cascade();
