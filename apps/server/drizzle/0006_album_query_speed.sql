CREATE TABLE "album_counts" (
	"checkin_id" integer PRIMARY KEY NOT NULL,
	"media_version" bigint NOT NULL,
	"user_version" bigint NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_versions" (
	"photo_service_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_media_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "media_service_taken_idx";--> statement-breakpoint
ALTER TABLE "album_counts" ADD CONSTRAINT "album_counts_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_album_order_idx" ON "media" USING btree ("photo_service_id","taken_at" DESC NULLS LAST,"id" DESC NULLS LAST,"gallery_id","type","tags") WHERE "media"."status" = 'ready';--> statement-breakpoint
-- Album counts (album_counts) stay valid while these counters do not move; written by hand,
-- drizzle-kit does not model functions and triggers.
CREATE FUNCTION "album_media_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO media_versions (photo_service_id, version) SELECT DISTINCT photo_service_id, 1 FROM old_rows
    ON CONFLICT (photo_service_id) DO UPDATE SET version = media_versions.version + 1;
    RETURN NULL;
  END IF;
  INSERT INTO media_versions (photo_service_id, version) SELECT DISTINCT photo_service_id, 1 FROM new_rows
  ON CONFLICT (photo_service_id) DO UPDATE SET version = media_versions.version + 1;
  -- an update may also move a medium or a code to another event
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO media_versions (photo_service_id, version)
    SELECT DISTINCT o.photo_service_id, 1 FROM old_rows o
    WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.photo_service_id = o.photo_service_id)
    ON CONFLICT (photo_service_id) DO UPDATE SET version = media_versions.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "album_service_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO media_versions (photo_service_id, version)
  SELECT id, 1 FROM new_rows
  ON CONFLICT (photo_service_id) DO UPDATE SET version = media_versions.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "album_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO user_media_versions (user_id, version) SELECT DISTINCT user_id, 1 FROM old_rows
    ON CONFLICT (user_id) DO UPDATE SET version = user_media_versions.version + 1;
  ELSE
    INSERT INTO user_media_versions (user_id, version) SELECT DISTINCT user_id, 1 FROM new_rows
    ON CONFLICT (user_id) DO UPDATE SET version = user_media_versions.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "media_inserted" AFTER INSERT ON "media" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_media_changed"();
--> statement-breakpoint
CREATE TRIGGER "media_updated" AFTER UPDATE ON "media" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_media_changed"();
--> statement-breakpoint
CREATE TRIGGER "media_deleted" AFTER DELETE ON "media" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_media_changed"();
--> statement-breakpoint
CREATE TRIGGER "picacodes_updated" AFTER UPDATE ON "picacodes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_media_changed"();
--> statement-breakpoint
CREATE TRIGGER "photo_services_updated" AFTER UPDATE ON "photo_services" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_service_changed"();
--> statement-breakpoint
CREATE TRIGGER "media_favourites_inserted" AFTER INSERT ON "media_favourites" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "media_favourites_deleted" AFTER DELETE ON "media_favourites" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "media_hidden_inserted" AFTER INSERT ON "media_hidden" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "media_hidden_deleted" AFTER DELETE ON "media_hidden" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_user_changed"();
