ALTER TABLE "refunds" ADD COLUMN "failure" text;--> statement-breakpoint
-- custom (refunds that failed before this column were the provider's refusals)
UPDATE "refunds" SET "failure" = 'refused' WHERE "status" = 'failed';
