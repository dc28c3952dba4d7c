CREATE INDEX "media_service_taken_idx" ON "media" USING btree ("photo_service_id","taken_at","id");--> statement-breakpoint
CREATE INDEX "media_tags_idx" ON "media" USING gin ("tags");