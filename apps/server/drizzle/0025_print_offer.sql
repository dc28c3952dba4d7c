CREATE TABLE "organisation_print_prices" (
	"organisation_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	CONSTRAINT "organisation_print_prices_organisation_id_variant_id_pk" PRIMARY KEY("organisation_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "organisation_print_products" (
	"organisation_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "organisation_print_products_organisation_id_product_id_pk" PRIMARY KEY("organisation_id","product_id")
);
--> statement-breakpoint
DROP INDEX "shipping_rates_country_key";--> statement-breakpoint
ALTER TABLE "cart_print_items" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "organisation_print_prices" ADD CONSTRAINT "organisation_print_prices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_print_prices" ADD CONSTRAINT "organisation_print_prices_variant_id_print_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."print_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_print_products" ADD CONSTRAINT "organisation_print_products_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_print_products" ADD CONSTRAINT "organisation_print_products_product_id_print_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."print_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_print_items" ADD CONSTRAINT "cart_print_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_rates_organisation_country_key" ON "shipping_rates" USING btree ("organisation_id","country","currency") WHERE "shipping_rates"."organisation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_rates_country_key" ON "shipping_rates" USING btree ("country","currency") WHERE "shipping_rates"."organisation_id" is null;--> statement-breakpoint
-- custom (issue 19 payments)
-- Print items already in carts are priced by the offer of their photos' organisation.
UPDATE "cart_print_items" i SET "organisation_id" = p."organisation_id"
FROM "media" m JOIN "photo_services" p ON p."id" = m."photo_service_id"
WHERE m."id" = (i."photos"->0->>'photo_id')::int;
