CREATE TABLE "event_bibs" (
	"photo_service_id" integer NOT NULL,
	"number" text NOT NULL,
	CONSTRAINT "event_bibs_photo_service_id_number_pk" PRIMARY KEY("photo_service_id","number")
);
--> statement-breakpoint
CREATE TABLE "media_bibs" (
	"media_id" integer NOT NULL,
	"number" text NOT NULL,
	"source" text NOT NULL,
	"confidence" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_bibs_media_id_number_pk" PRIMARY KEY("media_id","number")
);
--> statement-breakpoint
CREATE TABLE "runner_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"photo_service_id" integer NOT NULL,
	"imported_by" integer,
	"consent_confirmed_at" timestamp with time zone NOT NULL,
	"row_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runners" (
	"id" serial PRIMARY KEY NOT NULL,
	"photo_service_id" integer NOT NULL,
	"import_id" integer,
	"bib" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"language" text,
	"picacode_id" integer,
	"ready_notified_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "bibs_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photo_services" ADD COLUMN "bib_recognition" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_services" ADD COLUMN "find_by_bib" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_bibs" ADD CONSTRAINT "event_bibs_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_bibs" ADD CONSTRAINT "media_bibs_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_imports" ADD CONSTRAINT "runner_imports_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_imports" ADD CONSTRAINT "runner_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runners" ADD CONSTRAINT "runners_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runners" ADD CONSTRAINT "runners_import_id_runner_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."runner_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runners" ADD CONSTRAINT "runners_picacode_id_picacodes_id_fk" FOREIGN KEY ("picacode_id") REFERENCES "public"."picacodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "runner_imports_service_idx" ON "runner_imports" USING btree ("photo_service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "runners_service_bib_key" ON "runners" USING btree ("photo_service_id","bib");--> statement-breakpoint
CREATE INDEX "runners_to_notify_idx" ON "runners" USING btree ("photo_service_id","id") WHERE "runners"."ready_notified_at" is null and "runners"."opted_out_at" is null;--> statement-breakpoint
-- custom (issue 20): a photo's bib rows are read, set by hand, or a reading taken off by hand.
ALTER TABLE "media_bibs" ADD CONSTRAINT "media_bibs_source_check" CHECK ("source" in ('ocr', 'manual', 'removed'));
