CREATE TABLE "checkins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"picacode_id" integer NOT NULL,
	"photo_service_id" integer NOT NULL,
	"status" text NOT NULL,
	"pending_step" text,
	"complete_token_hash" text,
	"source" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"option" text,
	"domain" text,
	"form_answers" jsonb,
	"start_of_stay" date,
	"end_of_stay" date,
	"face_inference_status" text DEFAULT 'not_started' NOT NULL,
	"anonymization_state" text DEFAULT 'off' NOT NULL,
	"anonymization_kind" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "galleries" (
	"id" serial PRIMARY KEY NOT NULL,
	"photo_service_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"layout" text DEFAULT 'h' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"photo_service_id" integer NOT NULL,
	"gallery_id" integer,
	"type" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"width" integer,
	"height" integer,
	"duration_seconds" integer,
	"taken_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"location" text,
	"cover_url" text,
	"experience_type" text NOT NULL,
	"checkin_mode" text DEFAULT 'none' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"show_in_calendar" boolean DEFAULT true NOT NULL,
	"live_from" timestamp with time zone,
	"live_to" timestamp with time zone,
	"banner" jsonb,
	"welcome_popup" jsonb DEFAULT '{"active":false,"title":null,"text":null}'::jsonb NOT NULL,
	"fixed_popup" jsonb DEFAULT '{"active":false,"title":null,"text":null}'::jsonb NOT NULL,
	"is_promo" boolean DEFAULT false NOT NULL,
	"is_tagging_completed" boolean DEFAULT true NOT NULL,
	"hd_serving_type" text DEFAULT 'immediate' NOT NULL,
	"share_mode" text DEFAULT 's' NOT NULL,
	"zoom_mode" text DEFAULT 's' NOT NULL,
	"photo_display_type" text DEFAULT 'p' NOT NULL,
	"counter_type" text DEFAULT 'infinite' NOT NULL,
	"share_with_friends" boolean DEFAULT true NOT NULL,
	"use_pica_for_your_event" boolean DEFAULT false NOT NULL,
	"hd_available_from" timestamp with time zone,
	"hd_available_to" timestamp with time zone,
	"media_available_to" timestamp with time zone,
	"media_deleted" boolean DEFAULT false NOT NULL,
	"last_stay_deletion_date" date,
	"can_purchase_during_stay" boolean DEFAULT true NOT NULL,
	"show_prices" boolean DEFAULT true NOT NULL,
	"can_see_media" boolean DEFAULT true NOT NULL,
	"show_all_event_photos" boolean DEFAULT false NOT NULL,
	"data_collector_fields" jsonb,
	"data_collector_form_url" text,
	"options" jsonb,
	"step_privacy" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_services_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "picacodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"photo_service_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"gallery_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"start_of_stay" date,
	"end_of_stay" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_picacode_id_picacodes_id_fk" FOREIGN KEY ("picacode_id") REFERENCES "public"."picacodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_services" ADD CONSTRAINT "photo_services_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picacodes" ADD CONSTRAINT "picacodes_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_user_picacode_key" ON "checkins" USING btree ("user_id","picacode_id");--> statement-breakpoint
CREATE INDEX "checkins_user_idx" ON "checkins" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "galleries_service_idx" ON "galleries" USING btree ("photo_service_id","parent_id");--> statement-breakpoint
CREATE INDEX "media_service_gallery_idx" ON "media" USING btree ("photo_service_id","gallery_id","id");--> statement-breakpoint
CREATE INDEX "photo_services_organisation_idx" ON "photo_services" USING btree ("organisation_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "picacodes_code_key" ON "picacodes" USING btree ("code");