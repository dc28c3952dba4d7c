CREATE TABLE "price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"photo_service_id" integer NOT NULL,
	"gallery_id" integer,
	"items" jsonb NOT NULL,
	"refresh_time" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_service_gallery_key" ON "price_lists" USING btree ("photo_service_id","gallery_id");