CREATE TABLE "campaign_events" (
	"campaign_id" integer NOT NULL,
	"photo_service_id" integer NOT NULL,
	CONSTRAINT "campaign_events_campaign_id_photo_service_id_pk" PRIMARY KEY("campaign_id","photo_service_id")
);
--> statement-breakpoint
CREATE TABLE "voucher_events" (
	"voucher_id" integer NOT NULL,
	"photo_service_id" integer NOT NULL,
	CONSTRAINT "voucher_events_voucher_id_photo_service_id_pk" PRIMARY KEY("voucher_id","photo_service_id")
);
--> statement-breakpoint
ALTER TABLE "voucher_redemptions" DROP CONSTRAINT "voucher_redemptions_voucher_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_order_id_pk" PRIMARY KEY("voucher_id","order_id");--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "max_uses_per_account" integer DEFAULT 1;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_events" ADD CONSTRAINT "voucher_events_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_events" ADD CONSTRAINT "voucher_events_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_organisation_idx" ON "campaigns" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_user_idx" ON "voucher_redemptions" USING btree ("voucher_id","user_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_order_idx" ON "voucher_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "vouchers_organisation_idx" ON "vouchers" USING btree ("organisation_id","created_at");