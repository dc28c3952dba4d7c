CREATE TABLE "album_funnel" (
	"checkin_id" integer PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"carted" boolean DEFAULT false NOT NULL,
	"paid" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_daily_utm" (
	"event_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "metric_daily_utm_event_id_day_source_medium_campaign_pk" PRIMARY KEY("event_id","day","source","medium","campaign")
);
--> statement-breakpoint
CREATE TABLE "order_daily" (
	"event_id" integer NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"orders" integer NOT NULL,
	"primary_orders" integer NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "order_daily_event_id_day_currency_pk" PRIMARY KEY("event_id","day","currency")
);
--> statement-breakpoint
CREATE TABLE "order_event_shares" (
	"order_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"share" bigint NOT NULL,
	"primary" boolean NOT NULL,
	CONSTRAINT "order_event_shares_order_id_event_id_pk" PRIMARY KEY("order_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "album_funnel" ADD CONSTRAINT "album_funnel_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_funnel" ADD CONSTRAINT "album_funnel_event_id_photo_services_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_daily_utm" ADD CONSTRAINT "metric_daily_utm_event_id_photo_services_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_daily" ADD CONSTRAINT "order_daily_event_id_photo_services_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_event_shares" ADD CONSTRAINT "order_event_shares_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_event_shares" ADD CONSTRAINT "order_event_shares_event_id_photo_services_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "album_funnel_event_idx" ON "album_funnel" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_checkin_idx" ON "order_lines" USING btree ("checkin_id");--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
-- custom (issue 19 dashboard)
-- The selfies given before issue 19 tracked nothing: one `selfie_added` message each (the
-- dashboard's selfie searches per day come from the daily roll-up like every other figure).
INSERT INTO "metric_events" ("type", "user_id", "payload", "created_at")
SELECT 'selfie_added', s."user_id", jsonb_build_object('album_id', s."checkin_id"), s."created_at"
  FROM "selfie_faces" s ORDER BY s."id";
--> statement-breakpoint
-- The daily roll-ups counted UTC days; they now count the event's own days: counted again from
-- the start by the next run of the `metrics-daily` job.
DELETE FROM "metric_daily";
--> statement-breakpoint
DELETE FROM "metric_daily_people";
--> statement-breakpoint
DELETE FROM "metric_watermarks" WHERE "name" = 'metric_daily';
--> statement-breakpoint
-- Which order statuses count as sold: the one list (the orders branch adds its refund statuses).
CREATE OR REPLACE FUNCTION "order_counts_as_revenue"(status text) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$ SELECT status IN ('paid', 'refunded', 'partially_refunded') $$;
--> statement-breakpoint
-- What the refunds that succeeded gave back of an order's shipping and handling, minor units.
CREATE OR REPLACE FUNCTION "order_shipping_refunded"(order_id integer) RETURNS bigint
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(r.shipping_amount), 0)::bigint FROM refunds r
   WHERE r.order_id = order_shipping_refunded.order_id AND r.status = 'succeeded' $$;
--> statement-breakpoint
-- What the refunds that succeeded gave back of one line, minor units.
CREATE OR REPLACE FUNCTION "order_line_refunded"(line_id integer, order_id integer) RETURNS bigint
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum((r.line_amounts->>line_id::text)::bigint), 0) FROM refunds r
   WHERE r.order_id = order_line_refunded.order_id AND r.status = 'succeeded' AND r.line_amounts ? line_id::text $$;
--> statement-breakpoint
-- An order's shares of its events, computed again (decision issue 19 in docs/decisions.md): its
-- revenue split by its lines' totals per event (a digital line's album, a print's first photo),
-- floors and the cents left to the largest remainders (ties: the line bought first), in integers;
-- then each event's share loses what refunds gave back of its own lines (shipping refunded comes
-- off before the split), so the shares add up to what the order kept.
CREATE OR REPLACE FUNCTION "order_event_shares_refresh"(ids integer[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_event_shares WHERE order_id = ANY(ids);
  WITH parts AS (
    SELECT o.id AS order_id, o.currency, o.paid_at,
           o.grand_total::bigint - order_shipping_refunded(o.id) AS revenue,
           coalesce(c.photo_service_id, pm.photo_service_id) AS event_id,
           sum(l.total)::bigint AS weight, min(l.id) AS first_line,
           sum(order_line_refunded(l.id, o.id))::bigint AS refunded
      FROM orders o
      JOIN order_lines l ON l.order_id = o.id
      LEFT JOIN checkins c ON c.id = l.checkin_id
      LEFT JOIN media pm ON l.checkin_id IS NULL AND l.kind = 'print'
           AND pm.id = (CASE WHEN (l.print->'photos'->0->>'photo_id') ~ '^[0-9]{1,9}$'
                             THEN (l.print->'photos'->0->>'photo_id')::int END)
     WHERE o.id = ANY(ids) AND order_counts_as_revenue(o.status) AND o.paid_at IS NOT NULL
     GROUP BY o.id, 5),
  attributed AS (
    SELECT p.*, count(*) OVER w AS n, sum(greatest(p.weight, 0)) OVER w AS total
      FROM parts p WHERE p.event_id IS NOT NULL
    WINDOW w AS (PARTITION BY p.order_id)),
  weighted AS (
    SELECT a.*, CASE WHEN a.total = 0 THEN 1 ELSE greatest(a.weight, 0) END AS w1,
           CASE WHEN a.total = 0 THEN a.n ELSE a.total END AS w_all
      FROM attributed a),
  floors AS (
    SELECT w.*, (w.revenue * w.w1) / w.w_all AS base, (w.revenue * w.w1) % w.w_all AS rest FROM weighted w),
  ranked AS (
    SELECT f.*, f.revenue - sum(f.base) OVER (PARTITION BY f.order_id) AS left_over,
           row_number() OVER (PARTITION BY f.order_id ORDER BY f.rest DESC, f.first_line) AS place
      FROM floors f),
  shares AS (
    SELECT r.*, r.base + CASE WHEN r.place <= r.left_over THEN 1 ELSE 0 END - r.refunded AS share FROM ranked r)
  INSERT INTO order_event_shares (order_id, event_id, day, currency, share, "primary")
  SELECT s.order_id, s.event_id, (s.paid_at AT TIME ZONE e.time_zone)::date, s.currency, s.share,
         row_number() OVER (PARTITION BY s.order_id ORDER BY s.share DESC, s.first_line) = 1
    FROM shares s JOIN photo_services e ON e.id = s.event_id;
  -- the funnel: these orders' albums have been paid for
  UPDATE album_funnel f SET paid = true, carted = true
    FROM order_lines l JOIN orders o ON o.id = l.order_id
   WHERE o.id = ANY(ids) AND order_counts_as_revenue(o.status) AND o.paid_at IS NOT NULL
     AND f.checkin_id = l.checkin_id AND NOT f.paid;
END $$;
--> statement-breakpoint
-- order_daily follows order_event_shares, whatever changes it (a refresh, an order deleted).
CREATE OR REPLACE FUNCTION "order_daily_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_daily AS d (event_id, day, currency, orders, primary_orders, revenue)
  SELECT event_id, day, currency, count(*), count(*) FILTER (WHERE "primary"), sum(share)
    FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (event_id, day, currency) DO UPDATE SET orders = d.orders + excluded.orders,
    primary_orders = d.primary_orders + excluded.primary_orders, revenue = d.revenue + excluded.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_daily_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_daily d SET orders = d.orders - g.orders, primary_orders = d.primary_orders - g.primary_orders,
         revenue = d.revenue - g.revenue
    FROM (SELECT event_id, day, currency, count(*) AS orders, count(*) FILTER (WHERE "primary") AS primary_orders,
                 sum(share) AS revenue
            FROM old_rows GROUP BY 1, 2, 3) g
   WHERE d.event_id = g.event_id AND d.day = g.day AND d.currency = g.currency;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_daily_shares_inserted" AFTER INSERT ON "order_event_shares" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_daily_add"();
--> statement-breakpoint
CREATE TRIGGER "order_daily_shares_deleted" AFTER DELETE ON "order_event_shares" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_daily_remove"();
--> statement-breakpoint
-- An order's shares are computed again when it is paid, refunded or changed, and when its lines change.
CREATE OR REPLACE FUNCTION "order_event_shares_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_event_shares_refresh(array(
    SELECT n.id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
     WHERE o.id IS NULL OR (n.status, n.paid_at, n.grand_total, n.currency)
                           IS DISTINCT FROM (o.status, o.paid_at, o.grand_total, o.currency)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_event_shares_orders_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_event_shares_refresh(array(SELECT id FROM new_rows WHERE paid_at IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_event_shares_lines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM order_event_shares_refresh(array(SELECT DISTINCT order_id FROM old_rows));
  ELSE
    IF TG_OP = 'INSERT' THEN
      -- an order made of an album: it reached the cart
      UPDATE album_funnel f SET carted = true
        WHERE f.checkin_id IN (SELECT checkin_id FROM new_rows) AND NOT f.carted;
    END IF;
    PERFORM order_event_shares_refresh(array(SELECT DISTINCT order_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_event_shares_orders_inserted" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_event_shares_orders_inserted"();
--> statement-breakpoint
CREATE TRIGGER "order_event_shares_orders_updated" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_event_shares_orders_changed"();
--> statement-breakpoint
CREATE TRIGGER "order_event_shares_lines_inserted" AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_event_shares_lines_changed"();
--> statement-breakpoint
CREATE TRIGGER "order_event_shares_lines_updated" AFTER UPDATE ON "order_lines" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_event_shares_lines_changed"();
--> statement-breakpoint
CREATE TRIGGER "order_event_shares_lines_deleted" AFTER DELETE ON "order_lines" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_event_shares_lines_changed"();
--> statement-breakpoint
-- A refund that succeeded lowers its order's revenue and its lines' events' shares.
CREATE OR REPLACE FUNCTION "order_event_shares_refunds_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_event_shares_refresh(array(SELECT DISTINCT order_id FROM new_rows WHERE status = 'succeeded'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_event_shares_refunds_inserted" AFTER INSERT ON "refunds" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_event_shares_refunds_changed"();
--> statement-breakpoint
CREATE TRIGGER "order_event_shares_refunds_updated" AFTER UPDATE ON "refunds" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_event_shares_refunds_changed"();
--> statement-breakpoint
-- The funnel's albums: one row per album opened, carted by the cart's own tracking.
CREATE OR REPLACE FUNCTION "album_funnel_checkins_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO album_funnel (checkin_id, event_id, user_id, created_at)
  SELECT id, photo_service_id, user_id, created_at FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "album_funnel_carted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE album_funnel f SET carted = true
    WHERE NOT f.carted AND f.checkin_id IN (
      SELECT (payload->>'checkin_id')::int FROM new_rows
       WHERE type = 'add_to_cart' AND payload->>'checkin_id' ~ '^[0-9]{1,9}$');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "album_funnel_checkins_inserted" AFTER INSERT ON "checkins" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_funnel_checkins_inserted"();
--> statement-breakpoint
CREATE TRIGGER "album_funnel_carted" AFTER INSERT ON "metric_events" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_funnel_carted"();
--> statement-breakpoint
-- The albums, carts and orders there were before.
INSERT INTO album_funnel (checkin_id, event_id, user_id, created_at, carted)
SELECT c.id, c.photo_service_id, c.user_id, c.created_at,
       exists (SELECT 1 FROM order_lines l WHERE l.checkin_id = c.id)
       OR exists (SELECT 1 FROM metric_events m WHERE m.type = 'add_to_cart' AND m.payload->>'checkin_id' = c.id::text)
  FROM checkins c;
--> statement-breakpoint
SELECT order_event_shares_refresh(array(SELECT id FROM orders WHERE paid_at IS NOT NULL));
