ALTER TABLE "picacodes" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "picacodes" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "picacodes" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "picacodes" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "picacodes" ADD CONSTRAINT "picacodes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "picacodes_service_idx" ON "picacodes" USING btree ("photo_service_id","id");