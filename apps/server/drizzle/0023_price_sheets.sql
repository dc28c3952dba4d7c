CREATE TABLE "price_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"items" jsonb NOT NULL,
	"packages" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_lists" ADD COLUMN "sheet_id" integer;--> statement-breakpoint
ALTER TABLE "price_lists" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_sheets" ADD CONSTRAINT "price_sheets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_sheets_organisation_idx" ON "price_sheets" USING btree ("organisation_id","name");--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_sheet_id_price_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."price_sheets"("id") ON DELETE set null ON UPDATE no action;