CREATE TABLE "metric_daily" (
	"event_id" integer NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "metric_daily_event_id_day_type_pk" PRIMARY KEY("event_id","day","type")
);
--> statement-breakpoint
CREATE TABLE "metric_watermarks" (
	"name" text PRIMARY KEY NOT NULL,
	"last_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "metric_events" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "metric_events" ADD COLUMN "event_id" integer;--> statement-breakpoint
ALTER TABLE "metric_events" ADD COLUMN "occurred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "metric_daily" ADD CONSTRAINT "metric_daily_event_id_photo_services_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "metric_events_message_id_idx" ON "metric_events" USING btree ("message_id");