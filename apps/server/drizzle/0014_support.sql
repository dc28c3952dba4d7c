CREATE TABLE "faq_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer,
	"photo_service_id" integer,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_holidays" (
	"organisation_id" integer NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "support_holidays_organisation_id_day_pk" PRIMARY KEY("organisation_id","day")
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer,
	"photo_service_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"picacode" text,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"screenshot_key" text,
	"answer_by" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "time_zone" text DEFAULT 'Europe/Rome' NOT NULL;--> statement-breakpoint
ALTER TABLE "faq_groups" ADD CONSTRAINT "faq_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_groups" ADD CONSTRAINT "faq_groups_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_group_id_faq_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."faq_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_holidays" ADD CONSTRAINT "support_holidays_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faq_groups_owner_idx" ON "faq_groups" USING btree ("organisation_id","photo_service_id");--> statement-breakpoint
CREATE INDEX "faqs_group_idx" ON "faqs" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "support_requests_organisation_idx" ON "support_requests" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "support_requests_email_idx" ON "support_requests" USING btree ("email");