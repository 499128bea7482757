-- Enrollment follows contact_products, whatever writes it (a link by hand, the Choose Contact modal,
-- the CSV import's set-based merge, later forms, Shopify orders and contract events): the link and
-- the enrollment commit in the same transaction, and a multi-row insert enrolls its rows in one
-- set-based statement (statement-level triggers with transition tables), never a query per row.
--
-- A new link enrolls the contact in the product's journey at its first touchpoint, due after that
-- touchpoint's wait (null while the journey has none); an enrollment that was ended (the link was
-- removed) restarts from the first touchpoint in a new cycle. Removing a link ends the enrollment.
-- Enrollments due within a minute wake the dispatcher (workers LISTEN on journey_dispatch).
CREATE OR REPLACE FUNCTION journey_enroll_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  due integer;
BEGIN
  WITH linked AS (
    SELECT n.id AS link_id, n.account_id, n.contact_id, n.product_id, j.id AS journey_id,
      (SELECT t.wait_minutes FROM touchpoints t WHERE t.journey_id = j.id ORDER BY t.ordinal, t.id LIMIT 1) AS first_wait
    FROM new_links n
    JOIN journeys j ON j.product_id = n.product_id AND j.account_id = n.account_id
  ), upserted AS (
    INSERT INTO enrollments (account_id, journey_id, contact_id, product_id, contact_product_id, status,
      cycle, position, step_started_at, next_due_at, enrolled_at, ended_at, updated_at)
    SELECT account_id, journey_id, contact_id, product_id, link_id, 'active', 0, 0, now(),
      now() + make_interval(mins => first_wait), now(), NULL, now()
    FROM linked
    ON CONFLICT (journey_id, contact_id) DO UPDATE SET
      contact_product_id = excluded.contact_product_id, status = 'active', cycle = enrollments.cycle + 1,
      position = 0, step_started_at = excluded.step_started_at, next_due_at = excluded.next_due_at,
      enrolled_at = excluded.enrolled_at, ended_at = NULL, updated_at = now()
    WHERE enrollments.status = 'ended'
    RETURNING next_due_at
  )
  SELECT count(*) INTO due FROM upserted WHERE next_due_at <= now() + interval '1 minute';
  IF due > 0 THEN
    PERFORM pg_notify('journey_dispatch', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION journey_end_unlinked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE enrollments e
  SET status = 'ended', ended_at = now(), next_due_at = NULL, contact_product_id = NULL, updated_at = now()
  FROM old_links o
  WHERE e.contact_id = o.contact_id AND e.product_id = o.product_id AND e.status <> 'ended';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_products_enroll AFTER INSERT ON contact_products
  REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION journey_enroll_links();
--> statement-breakpoint
CREATE TRIGGER contact_products_end_enrollment AFTER DELETE ON contact_products
  REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION journey_end_unlinked();
