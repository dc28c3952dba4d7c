CREATE TABLE "cart_print_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"photos" jsonb NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_product_families" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image_url" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image_url" text,
	"min_photos" integer DEFAULT 1 NOT NULL,
	"max_photos" integer NOT NULL,
	"currency" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_variant_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_variant_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"option_ids" integer[] NOT NULL,
	"price" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_print_items" ADD CONSTRAINT "cart_print_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_print_items" ADD CONSTRAINT "cart_print_items_product_id_print_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."print_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_print_items" ADD CONSTRAINT "cart_print_items_variant_id_print_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."print_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_products" ADD CONSTRAINT "print_products_family_id_print_product_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."print_product_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_variant_groups" ADD CONSTRAINT "print_variant_groups_product_id_print_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."print_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_variant_options" ADD CONSTRAINT "print_variant_options_group_id_print_variant_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."print_variant_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_variants" ADD CONSTRAINT "print_variants_product_id_print_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."print_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_print_items_user_idx" ON "cart_print_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "print_products_family_idx" ON "print_products" USING btree ("family_id","position");--> statement-breakpoint
CREATE INDEX "print_variant_groups_product_idx" ON "print_variant_groups" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "print_variant_options_group_idx" ON "print_variant_options" USING btree ("group_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "print_variants_options_key" ON "print_variants" USING btree ("product_id","option_ids");