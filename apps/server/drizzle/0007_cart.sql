CREATE TABLE "cart_digital_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"checkin_id" integer NOT NULL,
	"gallery_id" integer,
	"order_type" text NOT NULL,
	"media_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_services" ADD COLUMN "package_prices" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_digital_items" ADD CONSTRAINT "cart_digital_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_digital_items" ADD CONSTRAINT "cart_digital_items_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_digital_items" ADD CONSTRAINT "cart_digital_items_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_digital_items_user_idx" ON "cart_digital_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_digital_items_pick_key" ON "cart_digital_items" USING btree ("checkin_id",coalesce("gallery_id", 0)) WHERE "cart_digital_items"."order_type" = 'PHOTOLIST';--> statement-breakpoint
CREATE UNIQUE INDEX "cart_digital_items_package_key" ON "cart_digital_items" USING btree ("checkin_id") WHERE "cart_digital_items"."order_type" <> 'PHOTOLIST';