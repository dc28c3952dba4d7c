-- The change counters of 0006 and the counts recounted on read give way to counts kept on write.
DROP TRIGGER "media_inserted" ON "media";--> statement-breakpoint
DROP TRIGGER "media_updated" ON "media";--> statement-breakpoint
DROP TRIGGER "media_deleted" ON "media";--> statement-breakpoint
DROP TRIGGER "picacodes_updated" ON "picacodes";--> statement-breakpoint
DROP TRIGGER "photo_services_updated" ON "photo_services";--> statement-breakpoint
DROP TRIGGER "media_favourites_inserted" ON "media_favourites";--> statement-breakpoint
DROP TRIGGER "media_favourites_deleted" ON "media_favourites";--> statement-breakpoint
DROP TRIGGER "media_hidden_inserted" ON "media_hidden";--> statement-breakpoint
DROP TRIGGER "media_hidden_deleted" ON "media_hidden";--> statement-breakpoint
DROP FUNCTION "album_media_changed"();--> statement-breakpoint
DROP FUNCTION "album_service_changed"();--> statement-breakpoint
DROP FUNCTION "album_user_changed"();--> statement-breakpoint
CREATE TABLE "album_gallery_counts" (
	"checkin_id" integer NOT NULL,
	"gallery_id" integer NOT NULL,
	"photos" integer DEFAULT 0 NOT NULL,
	"videos" integer DEFAULT 0 NOT NULL,
	"favourites" integer DEFAULT 0 NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "album_gallery_counts_checkin_id_gallery_id_pk" PRIMARY KEY("checkin_id","gallery_id")
);
--> statement-breakpoint
ALTER TABLE "album_counts" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "media_versions" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_media_versions" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "album_counts" CASCADE;--> statement-breakpoint
DROP TABLE "media_versions" CASCADE;--> statement-breakpoint
DROP TABLE "user_media_versions" CASCADE;--> statement-breakpoint
ALTER TABLE "album_gallery_counts" ADD CONSTRAINT "album_gallery_counts_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkins_service_idx" ON "checkins" USING btree ("photo_service_id");--> statement-breakpoint
CREATE INDEX "checkins_picacode_idx" ON "checkins" USING btree ("picacode_id");--> statement-breakpoint
-- Album counts kept on write (album_gallery_counts): written by hand, drizzle-kit does not model
-- functions and triggers. Every writer of counts first locks the events concerned (advisory,
-- until commit), so a full recount and a concurrent change never both count one medium.
CREATE SEQUENCE "album_counts_version";
--> statement-breakpoint
CREATE FUNCTION "album_counts_lock"(service_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(8008, s) FROM (SELECT DISTINCT unnest(service_ids) AS s ORDER BY 1) x;
END $$;
--> statement-breakpoint
-- The whole counts of some albums, from scratch: an album completing, its code or event rule changing.
CREATE FUNCTION "album_counts_recount"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM album_counts_lock(array(SELECT photo_service_id FROM checkins WHERE id = ANY(ids)));
  DELETE FROM album_gallery_counts WHERE checkin_id = ANY(ids);
  INSERT INTO album_gallery_counts (checkin_id, gallery_id, photos, videos, favourites, version)
  SELECT c.id, coalesce(m.gallery_id, 0), count(*) FILTER (WHERE m.type = 'photo'),
    count(*) FILTER (WHERE m.type = 'video'), count(f.media_id), nextval('album_counts_version')
  FROM checkins c
  JOIN picacodes p ON p.id = c.picacode_id
  JOIN photo_services s ON s.id = c.photo_service_id
  JOIN media m ON m.photo_service_id = c.photo_service_id AND m.status = 'ready'
    AND (p.kind = 'event' OR s.show_all_event_photos OR m.tags && p.tags OR m.gallery_id = ANY(p.gallery_ids))
  LEFT JOIN media_favourites f ON f.user_id = c.user_id AND f.media_id = m.id
  WHERE c.id = ANY(ids) AND c.status = 'complete'
    AND NOT EXISTS (SELECT 1 FROM media_hidden h WHERE h.user_id = c.user_id AND h.media_id = m.id)
  GROUP BY c.id, coalesce(m.gallery_id, 0);
END $$;
--> statement-breakpoint
-- Adds (delta 1) or takes away (delta -1) some media rows, as they are or were, from every album showing them.
CREATE FUNCTION "album_counts_add"(delta integer, changed media[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changed IS NULL THEN RETURN; END IF;
  PERFORM album_counts_lock(array(SELECT r.photo_service_id FROM unnest(changed) r WHERE r.status = 'ready'));
  INSERT INTO album_gallery_counts AS a (checkin_id, gallery_id, photos, videos, favourites, version)
  SELECT c.id, coalesce(m.gallery_id, 0), delta * count(*) FILTER (WHERE m.type = 'photo'),
    delta * count(*) FILTER (WHERE m.type = 'video'), delta * count(f.media_id), nextval('album_counts_version')
  FROM unnest(changed) m
  JOIN checkins c ON c.photo_service_id = m.photo_service_id AND c.status = 'complete'
  JOIN picacodes p ON p.id = c.picacode_id
  JOIN photo_services s ON s.id = c.photo_service_id
  LEFT JOIN media_favourites f ON f.user_id = c.user_id AND f.media_id = m.id
  WHERE m.status = 'ready'
    AND (p.kind = 'event' OR s.show_all_event_photos OR m.tags && p.tags OR m.gallery_id = ANY(p.gallery_ids))
    AND NOT EXISTS (SELECT 1 FROM media_hidden h WHERE h.user_id = c.user_id AND h.media_id = m.id)
  GROUP BY c.id, coalesce(m.gallery_id, 0)
  ON CONFLICT (checkin_id, gallery_id) DO UPDATE SET photos = a.photos + excluded.photos,
    videos = a.videos + excluded.videos, favourites = a.favourites + excluded.favourites,
    version = excluded.version;
END $$;
--> statement-breakpoint
-- A user's favourite (hidden false) or removed photo (hidden true) added (delta 1) or taken back (-1).
CREATE FUNCTION "album_counts_user_add"(hidden boolean, delta integer, user_ids integer[], media_ids integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM album_counts_lock(array(SELECT m.photo_service_id FROM media m WHERE m.id = ANY(media_ids) AND m.status = 'ready'));
  INSERT INTO album_gallery_counts AS a (checkin_id, gallery_id, photos, videos, favourites, version)
  SELECT c.id, coalesce(m.gallery_id, 0),
    CASE WHEN hidden THEN -delta * count(*) FILTER (WHERE m.type = 'photo') ELSE 0 END,
    CASE WHEN hidden THEN -delta * count(*) FILTER (WHERE m.type = 'video') ELSE 0 END,
    CASE WHEN hidden THEN -delta * count(f.media_id) ELSE delta * count(*) END, nextval('album_counts_version')
  FROM unnest(user_ids, media_ids) x(user_id, media_id)
  JOIN media m ON m.id = x.media_id AND m.status = 'ready'
  JOIN checkins c ON c.user_id = x.user_id AND c.photo_service_id = m.photo_service_id AND c.status = 'complete'
  JOIN picacodes p ON p.id = c.picacode_id
  JOIN photo_services s ON s.id = c.photo_service_id
  LEFT JOIN media_favourites f ON hidden AND f.user_id = x.user_id AND f.media_id = m.id
  WHERE (p.kind = 'event' OR s.show_all_event_photos OR m.tags && p.tags OR m.gallery_id = ANY(p.gallery_ids))
    -- a removed photo's favourite was not counted, so neither is its change
    AND (hidden OR NOT EXISTS (SELECT 1 FROM media_hidden h WHERE h.user_id = x.user_id AND h.media_id = m.id))
  GROUP BY c.id, coalesce(m.gallery_id, 0)
  ON CONFLICT (checkin_id, gallery_id) DO UPDATE SET photos = a.photos + excluded.photos,
    videos = a.videos + excluded.videos, favourites = a.favourites + excluded.favourites,
    version = excluded.version;
END $$;
--> statement-breakpoint
CREATE FUNCTION "album_counts_media_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM album_counts_add(1, (SELECT array_agg(ROW(n.*)::media) FROM new_rows n));
    RETURN NULL;
  END IF;
  -- only rows whose counted or ordering columns changed (processing sets sizes and errors too)
  PERFORM album_counts_add(-1, (SELECT array_agg(ROW(o.*)::media) FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status, o.photo_service_id, o.gallery_id, o.type, o.tags, o.taken_at)
      IS DISTINCT FROM (n.status, n.photo_service_id, n.gallery_id, n.type, n.tags, n.taken_at)));
  PERFORM album_counts_add(1, (SELECT array_agg(ROW(n.*)::media) FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status, o.photo_service_id, o.gallery_id, o.type, o.tags, o.taken_at)
      IS DISTINCT FROM (n.status, n.photo_service_id, n.gallery_id, n.type, n.tags, n.taken_at)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Before the row goes: the cascade then removes its favourites and removals, which must still count here.
CREATE FUNCTION "album_counts_media_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM album_counts_add(-1, ARRAY[OLD]::media[]);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION "album_counts_user_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM album_counts_user_add(TG_TABLE_NAME = 'media_hidden', 1,
      array(SELECT user_id FROM new_rows ORDER BY user_id, media_id), array(SELECT media_id FROM new_rows ORDER BY user_id, media_id));
  ELSE
    PERFORM album_counts_user_add(TG_TABLE_NAME = 'media_hidden', -1,
      array(SELECT user_id FROM old_rows ORDER BY user_id, media_id), array(SELECT media_id FROM old_rows ORDER BY user_id, media_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "album_counts_checkins_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM album_counts_recount(array(SELECT id FROM new_rows WHERE status = 'complete'));
  ELSE
    PERFORM album_counts_recount(array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.status = 'complete' AND (o.status, o.picacode_id, o.photo_service_id, o.user_id)
        IS DISTINCT FROM (n.status, n.picacode_id, n.photo_service_id, n.user_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "album_counts_picacodes_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM album_counts_recount(array(SELECT c.id FROM checkins c JOIN new_rows n ON n.id = c.picacode_id
    JOIN old_rows o ON o.id = n.id
    WHERE (o.kind, o.tags, o.gallery_ids) IS DISTINCT FROM (n.kind, n.tags, n.gallery_ids)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "album_counts_photo_services_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM album_counts_recount(array(SELECT c.id FROM checkins c JOIN new_rows n ON n.id = c.photo_service_id
    JOIN old_rows o ON o.id = n.id WHERE o.show_all_event_photos IS DISTINCT FROM n.show_all_event_photos));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "album_counts_media_inserted" AFTER INSERT ON "media" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_media_written"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_media_updated" AFTER UPDATE ON "media" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_media_written"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_media_deleting" BEFORE DELETE ON "media"
  FOR EACH ROW EXECUTE FUNCTION "album_counts_media_deleting"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_favourites_inserted" AFTER INSERT ON "media_favourites" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_user_written"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_favourites_deleted" AFTER DELETE ON "media_favourites" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_user_written"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_hidden_inserted" AFTER INSERT ON "media_hidden" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_user_written"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_hidden_deleted" AFTER DELETE ON "media_hidden" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_user_written"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_checkins_inserted" AFTER INSERT ON "checkins" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_checkins_written"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_checkins_updated" AFTER UPDATE ON "checkins" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_checkins_written"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_picacodes_updated" AFTER UPDATE ON "picacodes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_picacodes_updated"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_photo_services_updated" AFTER UPDATE ON "photo_services" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_photo_services_updated"();
--> statement-breakpoint
-- The albums that exist already.
SELECT album_counts_recount(array(SELECT id FROM checkins WHERE status = 'complete'));
