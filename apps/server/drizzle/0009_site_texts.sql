ALTER TABLE "organisations" ADD COLUMN "sample_code" text;--> statement-breakpoint
ALTER TABLE "print_product_families" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "print_products" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "print_variant_groups" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "print_variant_options" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;