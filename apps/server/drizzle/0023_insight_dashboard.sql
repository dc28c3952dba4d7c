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
ALTER TABLE "metric_daily_utm" ADD CONSTRAINT "metric_daily_utm_event_id_photo_services_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_checkin_idx" ON "order_lines" USING btree ("checkin_id");--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "metric_events_cart_album_idx" ON "metric_events" USING btree (("payload"->>'checkin_id')) WHERE "metric_events"."type" = 'add_to_cart';--> statement-breakpoint
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
