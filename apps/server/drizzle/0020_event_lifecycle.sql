ALTER TABLE "photo_services" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_services" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;