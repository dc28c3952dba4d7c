CREATE TABLE "metric_daily_people" (
	"event_id" integer NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"person" text NOT NULL,
	"item" text NOT NULL,
	CONSTRAINT "metric_daily_people_event_id_day_type_person_item_pk" PRIMARY KEY("event_id","day","type","person","item")
);
--> statement-breakpoint
ALTER TABLE "metric_events" ADD COLUMN "sender" text;--> statement-breakpoint
ALTER TABLE "metric_daily_people" ADD CONSTRAINT "metric_daily_people_event_id_photo_services_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;