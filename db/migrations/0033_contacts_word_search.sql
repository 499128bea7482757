-- Contact search by word prefix (issue 19), in place of the three trigram indexes that served
-- substring search and were most of what a CSV import of a million contacts cost per row.
-- One GIN index of each contact's search words, each word prefixed by the company (the first 8
-- characters of its id) and a field letter, so a prefix query reads only one company's matches:
--   w: each word of the first and last name (split at spaces and hyphens), the email, its domain
--   p: the phone's national number (E.164 without its country calling code)
--   r: the national number reversed (its last digits, read as a prefix)
-- Case and accents are folded by contact_search_fold, mirrored by foldSearchText in
-- app/domain/contacts/contact-search.ts (a database test checks they agree). These functions are
-- IMMUTABLE and inlined by the planner into the index expression and the queries; changing one
-- means rebuilding the index in a new migration. The functions they call are named with their schema:
-- CREATE INDEX evaluates the expression with search_path = pg_catalog, pg_temp (PostgreSQL 17, PGlite). Plain SQL (no unaccent, which PGlite lacks as a built-in): the same on both databases.
-- Lowercase, decomposed (NFD), combining marks removed; ASCII text (most of it) skips the Unicode work.
CREATE OR REPLACE FUNCTION contact_search_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN octet_length(value) = length(value) THEN lower(value) ELSE regexp_replace(normalize(lower(value), NFD), '[\u0300-\u036f]', '', 'g') END $$;--> statement-breakpoint
-- The national number of an E.164 phone: calling codes are prefix-free (1 and 7 have one digit, the
-- two-digit ones are listed, every other has three).
CREATE OR REPLACE FUNCTION contact_phone_national(phone text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT substr(phone, CASE WHEN substr(phone, 2, 1) IN ('1', '7') THEN 3 WHEN substr(phone, 2, 2) IN ('20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49', '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84', '86', '90', '91', '92', '93', '94', '95', '98') THEN 4 ELSE 5 END) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contact_search_document(account_id uuid, first_name text, last_name text, email text, phone text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT array_to_tsvector(
  string_to_array(left(account_id::text, 8) || 'w' || regexp_replace(public.contact_search_fold(btrim(first_name || ' ' || last_name)), '[[:space:]-]+', ' ' || left(account_id::text, 8) || 'w', 'g'), ' ')
  || array_remove(ARRAY[
    left(account_id::text, 8) || 'w' || public.contact_search_fold(email),
    left(account_id::text, 8) || 'w' || nullif(public.contact_search_fold(split_part(email, '@', 2)), ''),
    left(account_id::text, 8) || 'p' || public.contact_phone_national(phone),
    left(account_id::text, 8) || 'r' || reverse(public.contact_phone_national(phone))
  ], NULL)) $$;--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_account_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_account_email_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_account_phone_trgm_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_search_idx" ON "contacts" USING gin (contact_search_document("account_id", "first_name", "last_name", "email", "phone"));
