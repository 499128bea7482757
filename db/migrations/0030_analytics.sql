CREATE TABLE "analytics_audience_daily" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"new_contacts" integer DEFAULT 0 NOT NULL,
	"opt_ins" integer DEFAULT 0 NOT NULL,
	"opt_outs" integer DEFAULT 0 NOT NULL,
	"form_views" integer DEFAULT 0 NOT NULL,
	"form_submissions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_audience_daily_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_message_daily" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"journey_id" uuid NOT NULL,
	"touchpoint_id" uuid NOT NULL,
	"channel" "message_channel" NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"clicked_messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_message_daily_account_id_day_journey_id_touchpoint_id_channel_pk" PRIMARY KEY("account_id","day","journey_id","touchpoint_id","channel")
);
--> statement-breakpoint
CREATE TABLE "analytics_not_sent_daily" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_not_sent_daily_account_id_day_reason_pk" PRIMARY KEY("account_id","day","reason")
);
--> statement-breakpoint
CREATE TABLE "analytics_order_daily" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"touchpoint_id" uuid NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_order_daily_account_id_day_currency_touchpoint_id_pk" PRIMARY KEY("account_id","day","currency","touchpoint_id")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "click_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "first_clicked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_audience_daily" ADD CONSTRAINT "analytics_audience_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_message_daily" ADD CONSTRAINT "analytics_message_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_not_sent_daily" ADD CONSTRAINT "analytics_not_sent_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_order_daily" ADD CONSTRAINT "analytics_order_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_message_daily_day_idx" ON "analytics_message_daily" USING btree ("day");--> statement-breakpoint
-- Hand-written (issue 18): the triggers that keep the analytics rollups, and analytics_rebuild.
-- A company's time zone as PostgreSQL knows it, UTC when it does not (a bad name never fails a send).
CREATE FUNCTION analytics_zone(zone text) RETURNS text LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  PERFORM now() AT TIME ZONE zone;
  RETURN zone;
EXCEPTION WHEN others THEN
  RETURN 'UTC';
END $fn$;
--> statement-breakpoint
-- The statement that adds the counts of `source_rows` (rows of the table `source` with a `sign`
-- column: 1 to add, -1 to take away) to the rollups. The triggers run it over a statement's
-- transition tables, analytics_rebuild over a company's raw rows: one definition of every figure.
CREATE FUNCTION analytics_statement(source text, source_rows text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $fn$
DECLARE
  zones text := 'zones as materialized (select a.id, analytics_zone(a.time_zone) as zone from accounts a
    where a.id in (select distinct account_id from src))';
  nil text := '''00000000-0000-0000-0000-000000000000''::uuid';
BEGIN
  IF source = 'messages' THEN
    RETURN format($q$
      with src as materialized (%1$s), %2$s,
      facts as materialized (
        select t.account_id, (coalesce(t.sent_at, t.created_at) at time zone z.zone)::date as day,
          coalesce(t.journey_id, %3$s) as journey_id, coalesce(t.touchpoint_id, %3$s) as touchpoint_id,
          t.channel, t.sign, t.sent_at is not null as is_sent, t.status, t.status_reason,
          t.click_count, t.first_clicked_at is not null as clicked
        from src t join zones z on z.id = t.account_id
      ),
      counted as (
        insert into analytics_message_daily as r
          (account_id, day, journey_id, touchpoint_id, channel, sent, delivered, failed, clicks, clicked_messages)
        select account_id, day, journey_id, touchpoint_id, channel, s.sent, s.delivered, s.failed, s.clicks, s.clicked
        from (
          select account_id, day, journey_id, touchpoint_id, channel,
            sum(sign * is_sent::int) as sent,
            sum(sign * (status = 'delivered')::int) as delivered,
            sum(sign * (status in ('failed', 'undelivered'))::int) as failed,
            sum(sign * click_count) as clicks,
            sum(sign * clicked::int) as clicked
          from facts group by 1, 2, 3, 4, 5
        ) s
        where (s.sent, s.delivered, s.failed, s.clicks, s.clicked) <> (0, 0, 0, 0, 0)
        order by 1, 2, 3, 4, 5
        on conflict (account_id, day, journey_id, touchpoint_id, channel) do update set
          sent = r.sent + excluded.sent, delivered = r.delivered + excluded.delivered,
          failed = r.failed + excluded.failed, clicks = r.clicks + excluded.clicks,
          clicked_messages = r.clicked_messages + excluded.clicked_messages
      )
      insert into analytics_not_sent_daily as r (account_id, day, reason, messages)
      select account_id, day, reason, sum(sign) from (
        select account_id, day, sign, case
          when status = 'suppressed' then
            coalesce(nullif(regexp_replace(lower(trim(status_reason)), '\s+', '_', 'g'), ''), 'other')
          when status = 'queued' and status_reason in ('quiet_hours', 'journey_paused') then status_reason
        end as reason
        from facts
      ) f
      where reason is not null
      group by 1, 2, 3 having sum(sign) <> 0 order by 1, 2, 3
      on conflict (account_id, day, reason) do update set messages = r.messages + excluded.messages
    $q$, source_rows, zones, nil);
  ELSIF source = 'contacts' THEN
    RETURN format($q$
      with src as materialized (%1$s), %2$s
      insert into analytics_audience_daily as r (account_id, day, new_contacts)
      select t.account_id, (t.created_at at time zone z.zone)::date, sum(t.sign)
      from src t join zones z on z.id = t.account_id
      group by 1, 2 having sum(t.sign) <> 0 order by 1, 2
      on conflict (account_id, day) do update set new_contacts = r.new_contacts + excluded.new_contacts
    $q$, source_rows, zones);
  ELSIF source = 'consent_events' THEN
    RETURN format($q$
      with src as materialized (%1$s), %2$s
      insert into analytics_audience_daily as r (account_id, day, opt_ins, opt_outs)
      select * from (
        select t.account_id, (t.created_at at time zone z.zone)::date,
          sum(t.sign * (t.kind = 'opt_in')::int) as opt_ins, sum(t.sign * (t.kind = 'opt_out')::int) as opt_outs
        from src t join zones z on z.id = t.account_id group by 1, 2
      ) s where (s.opt_ins, s.opt_outs) <> (0, 0) order by 1, 2
      on conflict (account_id, day) do update set
        opt_ins = r.opt_ins + excluded.opt_ins, opt_outs = r.opt_outs + excluded.opt_outs
    $q$, source_rows, zones);
  ELSIF source = 'form_submissions' THEN
    RETURN format($q$
      with src as materialized (%1$s), %2$s
      insert into analytics_audience_daily as r (account_id, day, form_submissions)
      select t.account_id, (t.created_at at time zone z.zone)::date, sum(t.sign)
      from src t join zones z on z.id = t.account_id
      group by 1, 2 having sum(t.sign) <> 0 order by 1, 2
      on conflict (account_id, day) do update set form_submissions = r.form_submissions + excluded.form_submissions
    $q$, source_rows, zones);
  ELSIF source = 'form_view_counts' THEN
    -- The forms' counter is per UTC day already: its date is kept as it is.
    RETURN format($q$
      with src as materialized (%1$s)
      insert into analytics_audience_daily as r (account_id, day, form_views)
      select t.account_id, t.day, sum(t.sign * t.views)
      from src t join accounts a on a.id = t.account_id
      group by 1, 2 having sum(t.sign * t.views) <> 0 order by 1, 2
      on conflict (account_id, day) do update set form_views = r.form_views + excluded.form_views
    $q$, source_rows);
  ELSIF source = 'shopify_orders' THEN
    RETURN format($q$
      with src as materialized (%1$s), %2$s
      insert into analytics_order_daily as r (account_id, day, currency, touchpoint_id, orders, revenue_minor)
      select * from (
        select t.account_id, (t.placed_at at time zone z.zone)::date, t.currency,
          coalesce(t.attributed_touchpoint_id, %3$s), sum(t.sign) as orders, sum(t.sign * t.total_price_minor) as revenue
        from src t join zones z on z.id = t.account_id
        where t.cancelled_at is null
        group by 1, 2, 3, 4
      ) s where (s.orders, s.revenue) <> (0, 0) order by 1, 2, 3, 4
      on conflict (account_id, day, currency, touchpoint_id) do update set
        orders = r.orders + excluded.orders, revenue_minor = r.revenue_minor + excluded.revenue_minor
    $q$, source_rows, zones, nil);
  END IF;
  RAISE EXCEPTION 'analytics_statement: unknown source %', source;
END $fn$;
--> statement-breakpoint
-- The rows trigger: counts what the statement changed (new rows minus old rows). It holds its
-- companies' analytics lock shared, so a rebuild (which holds it alone) never sees half of it.
CREATE FUNCTION analytics_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'select n.*, 1 as sign from analytics_new n'
    WHEN 'DELETE' THEN 'select o.*, -1 as sign from analytics_old o'
    ELSE 'select n.*, 1 as sign from analytics_new n union all select o.*, -1 as sign from analytics_old o'
  END;
BEGIN
  EXECUTE format('select count(pg_advisory_xact_lock_shared(hashtextextended(''analytics:'' || l.account_id::text, 0)))
    from (select distinct c.account_id from (%s) c order by 1) l', changed);
  EXECUTE analytics_statement(TG_TABLE_NAME, changed);
  RETURN NULL;
END $fn$;
--> statement-breakpoint
-- Clicks are counted with their message (its day, journey, touchpoint, channel): a click adds to the
-- message's click_count and first_clicked_at, and the messages trigger counts that change.
CREATE FUNCTION analytics_count_clicks() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE messages m SET click_count = m.click_count + c.clicks,
      first_clicked_at = least(m.first_clicked_at, c.first_at)
    FROM (SELECT message_id, count(*)::int AS clicks, min(clicked_at) AS first_at
          FROM analytics_new WHERE message_id IS NOT NULL GROUP BY 1 ORDER BY 1) c
    WHERE m.id = c.message_id;
  ELSE
    UPDATE messages m SET click_count = greatest(0, m.click_count - c.clicks),
      first_clicked_at = (SELECT min(k.clicked_at) FROM link_clicks k WHERE k.message_id = m.id)
    FROM (SELECT message_id, count(*)::int AS clicks
          FROM analytics_old WHERE message_id IS NOT NULL GROUP BY 1 ORDER BY 1) c
    WHERE m.id = c.message_id;
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
-- Rollups recomputed from the raw rows that match `scope` (a condition on account_id): messages'
-- click columns from link_clicks first, then the rollup rows dropped and counted again.
CREATE FUNCTION analytics_recount(scope text) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  source text;
BEGIN
  EXECUTE format('UPDATE messages m SET click_count = c.clicks, first_clicked_at = c.first_at
    FROM (SELECT message_id, count(*)::int AS clicks, min(clicked_at) AS first_at FROM link_clicks
          WHERE %s AND message_id IS NOT NULL GROUP BY 1) c
    WHERE m.id = c.message_id AND (m.click_count, m.first_clicked_at) IS DISTINCT FROM (c.clicks, c.first_at)', scope);
  EXECUTE format('UPDATE messages m SET click_count = 0, first_clicked_at = NULL
    WHERE %s AND (m.click_count <> 0 OR m.first_clicked_at IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM link_clicks k WHERE k.message_id = m.id)', scope);
  FOREACH source IN ARRAY ARRAY['analytics_message_daily', 'analytics_not_sent_daily', 'analytics_audience_daily', 'analytics_order_daily'] LOOP
    EXECUTE format('DELETE FROM %I WHERE %s', source, scope);
  END LOOP;
  FOREACH source IN ARRAY ARRAY['messages', 'contacts', 'consent_events', 'form_submissions', 'form_view_counts', 'shopify_orders'] LOOP
    EXECUTE analytics_statement(source, format('select t.*, 1 as sign from %I t where t.%s', source, scope));
  END LOOP;
END $fn$;
--> statement-breakpoint
-- One company (npm run analytics:rebuild -- <id>, a time zone change, tests): under its analytics
-- lock, so its events wait for the rebuild instead of being counted twice or lost; others go on.
CREATE FUNCTION analytics_rebuild(target uuid) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics:' || target::text, 0));
  PERFORM analytics_recount(format('account_id = %L::uuid', target));
END $fn$;
--> statement-breakpoint
-- Every company in one pass over the raw tables (npm run analytics:rebuild, this migration): the
-- rollup tables are locked against the triggers' writes meanwhile, so events wait until it commits.
CREATE FUNCTION analytics_rebuild_all() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  LOCK TABLE analytics_message_daily, analytics_not_sent_daily, analytics_audience_daily, analytics_order_daily
    IN SHARE ROW EXCLUSIVE MODE;
  PERFORM analytics_recount('account_id IS NOT NULL');
END $fn$;
--> statement-breakpoint
CREATE TRIGGER analytics_messages_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS analytics_new FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
CREATE TRIGGER analytics_messages_update AFTER UPDATE ON messages REFERENCING OLD TABLE AS analytics_old NEW TABLE AS analytics_new FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
CREATE TRIGGER analytics_messages_delete AFTER DELETE ON messages REFERENCING OLD TABLE AS analytics_old FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
CREATE TRIGGER analytics_link_clicks_insert AFTER INSERT ON link_clicks REFERENCING NEW TABLE AS analytics_new FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_clicks();
--> statement-breakpoint
CREATE TRIGGER analytics_link_clicks_delete AFTER DELETE ON link_clicks REFERENCING OLD TABLE AS analytics_old FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_clicks();
--> statement-breakpoint
-- Contacts, consent events and form submissions never change the day or company they count for once
-- written (a contact's updates, e.g. an import's merge, cost nothing here): insert and delete only.
CREATE TRIGGER analytics_contacts_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS analytics_new FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
CREATE TRIGGER analytics_contacts_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS analytics_old FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
CREATE TRIGGER analytics_consent_events_insert AFTER INSERT ON consent_events REFERENCING NEW TABLE AS analytics_new FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
CREATE TRIGGER analytics_consent_events_delete AFTER DELETE ON consent_events REFERENCING OLD TABLE AS analytics_old FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
CREATE TRIGGER analytics_form_submissions_insert AFTER INSERT ON form_submissions REFERENCING NEW TABLE AS analytics_new FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
CREATE TRIGGER analytics_form_submissions_delete AFTER DELETE ON form_submissions REFERENCING OLD TABLE AS analytics_old FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
CREATE TRIGGER analytics_form_view_counts_insert AFTER INSERT ON form_view_counts REFERENCING NEW TABLE AS analytics_new FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
CREATE TRIGGER analytics_form_view_counts_update AFTER UPDATE ON form_view_counts REFERENCING OLD TABLE AS analytics_old NEW TABLE AS analytics_new FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
CREATE TRIGGER analytics_form_view_counts_delete AFTER DELETE ON form_view_counts REFERENCING OLD TABLE AS analytics_old FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
CREATE TRIGGER analytics_shopify_orders_insert AFTER INSERT ON shopify_orders REFERENCING NEW TABLE AS analytics_new FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
CREATE TRIGGER analytics_shopify_orders_update AFTER UPDATE ON shopify_orders REFERENCING OLD TABLE AS analytics_old NEW TABLE AS analytics_new FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
CREATE TRIGGER analytics_shopify_orders_delete AFTER DELETE ON shopify_orders REFERENCING OLD TABLE AS analytics_old FOR EACH STATEMENT EXECUTE FUNCTION analytics_count();
--> statement-breakpoint
-- Existing data counted once (a fresh database has no companies: nothing to do).
SELECT analytics_rebuild_all();
