CREATE TABLE "event_photographers" (
	"photo_service_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_photographers_photo_service_id_member_id_pk" PRIMARY KEY("photo_service_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "event_photographers" ADD CONSTRAINT "event_photographers_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_photographers" ADD CONSTRAINT "event_photographers_member_id_organisation_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."organisation_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_photographers_member_idx" ON "event_photographers" USING btree ("member_id");