DROP INDEX "media_album_order_idx";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "uploaded_by" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "poster_seconds" integer;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_uploaded_by_idx" ON "media" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "media_album_order_idx" ON "media" USING btree ("photo_service_id","taken_at" DESC NULLS LAST,"id" DESC NULLS LAST,"gallery_id","type","tags","hidden_at") WHERE "media"."status" = 'ready';
--> statement-breakpoint
-- Issue 18, written by hand (drizzle-kit does not model functions): media the organiser hid (or
-- deleted while someone had bought them) leave every album except their buyers' (bought one by one,
-- or by a package of that album), the rule of checkins.repository's visibleMediaCondition. Every
-- counting function of migrations 0010/0012 gains that condition; hiding is a counted change.
CREATE OR REPLACE FUNCTION "album_counts_recount"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
    AND (s.checkin_mode <> 'face-checkin' OR EXISTS (SELECT 1 FROM face_matches fm
      WHERE fm.checkin_id = c.id AND fm.media_id = m.id AND fm.decision IN ('auto', 'confirmed')))
    AND (m.hidden_at IS NULL OR EXISTS (SELECT 1 FROM media_entitlements e WHERE e.media_id = m.id AND e.user_id = c.user_id)
      OR EXISTS (SELECT 1 FROM album_entitlements ae WHERE ae.checkin_id = c.id AND ae.media_type = m.type))
  GROUP BY c.id, coalesce(m.gallery_id, 0);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "album_counts_add"(delta integer, changed media[]) RETURNS void LANGUAGE plpgsql AS $$
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
    AND (s.checkin_mode <> 'face-checkin' OR EXISTS (SELECT 1 FROM face_matches fm
      WHERE fm.checkin_id = c.id AND fm.media_id = m.id AND fm.decision IN ('auto', 'confirmed')))
    AND (m.hidden_at IS NULL OR EXISTS (SELECT 1 FROM media_entitlements e WHERE e.media_id = m.id AND e.user_id = c.user_id)
      OR EXISTS (SELECT 1 FROM album_entitlements ae WHERE ae.checkin_id = c.id AND ae.media_type = m.type))
  GROUP BY c.id, coalesce(m.gallery_id, 0)
  ON CONFLICT (checkin_id, gallery_id) DO UPDATE SET photos = a.photos + excluded.photos,
    videos = a.videos + excluded.videos, favourites = a.favourites + excluded.favourites,
    version = excluded.version;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "album_counts_user_add"(hidden boolean, delta integer, user_ids integer[], media_ids integer[])
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
    AND (s.checkin_mode <> 'face-checkin' OR EXISTS (SELECT 1 FROM face_matches fm
      WHERE fm.checkin_id = c.id AND fm.media_id = m.id AND fm.decision IN ('auto', 'confirmed')))
    AND (m.hidden_at IS NULL OR EXISTS (SELECT 1 FROM media_entitlements e WHERE e.media_id = m.id AND e.user_id = c.user_id)
      OR EXISTS (SELECT 1 FROM album_entitlements ae WHERE ae.checkin_id = c.id AND ae.media_type = m.type))
  GROUP BY c.id, coalesce(m.gallery_id, 0)
  ON CONFLICT (checkin_id, gallery_id) DO UPDATE SET photos = a.photos + excluded.photos,
    videos = a.videos + excluded.videos, favourites = a.favourites + excluded.favourites,
    version = excluded.version;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "album_counts_face_add"(delta integer, checkin_ids integer[], media_ids integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(checkin_ids, 1), 0) = 0 THEN RETURN; END IF;
  PERFORM album_counts_lock(array(SELECT c.photo_service_id FROM checkins c WHERE c.id = ANY(checkin_ids)));
  INSERT INTO album_gallery_counts AS a (checkin_id, gallery_id, photos, videos, favourites, version)
  SELECT c.id, coalesce(m.gallery_id, 0), delta * count(*) FILTER (WHERE m.type = 'photo'),
    delta * count(*) FILTER (WHERE m.type = 'video'), delta * count(f.media_id), nextval('album_counts_version')
  FROM unnest(checkin_ids, media_ids) x(checkin_id, media_id)
  JOIN checkins c ON c.id = x.checkin_id AND c.status = 'complete'
  JOIN media m ON m.id = x.media_id AND m.status = 'ready' AND m.photo_service_id = c.photo_service_id
  JOIN picacodes p ON p.id = c.picacode_id
  JOIN photo_services s ON s.id = c.photo_service_id
  LEFT JOIN media_favourites f ON f.user_id = c.user_id AND f.media_id = m.id
  WHERE s.checkin_mode = 'face-checkin'
    AND (p.kind = 'event' OR s.show_all_event_photos OR m.tags && p.tags OR m.gallery_id = ANY(p.gallery_ids))
    AND NOT EXISTS (SELECT 1 FROM media_hidden h WHERE h.user_id = c.user_id AND h.media_id = m.id)
    AND (m.hidden_at IS NULL OR EXISTS (SELECT 1 FROM media_entitlements e WHERE e.media_id = m.id AND e.user_id = c.user_id)
      OR EXISTS (SELECT 1 FROM album_entitlements ae WHERE ae.checkin_id = c.id AND ae.media_type = m.type))
  GROUP BY c.id, coalesce(m.gallery_id, 0)
  ON CONFLICT (checkin_id, gallery_id) DO UPDATE SET photos = a.photos + excluded.photos,
    videos = a.videos + excluded.videos, favourites = a.favourites + excluded.favourites,
    version = excluded.version;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "album_counts_media_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM album_counts_add(1, (SELECT array_agg(ROW(n.*)::media) FROM new_rows n));
    RETURN NULL;
  END IF;
  -- only rows whose counted or ordering columns changed (processing sets sizes and errors too)
  PERFORM album_counts_add(-1, (SELECT array_agg(ROW(o.*)::media) FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status, o.photo_service_id, o.gallery_id, o.type, o.tags, o.taken_at, o.hidden_at)
      IS DISTINCT FROM (n.status, n.photo_service_id, n.gallery_id, n.type, n.tags, n.taken_at, n.hidden_at)));
  PERFORM album_counts_add(1, (SELECT array_agg(ROW(n.*)::media) FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status, o.photo_service_id, o.gallery_id, o.type, o.tags, o.taken_at, o.hidden_at)
      IS DISTINCT FROM (n.status, n.photo_service_id, n.gallery_id, n.type, n.tags, n.taken_at, n.hidden_at)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A purchase granted or taken back changes what a buyer's album shows when it covers hidden media:
-- those albums are counted again (rare: only events with hidden media).
CREATE FUNCTION "album_counts_entitlements_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'media_entitlements' THEN
    PERFORM album_counts_recount(array(SELECT DISTINCT c.id FROM changed_rows x
      JOIN media m ON m.id = x.media_id AND m.hidden_at IS NOT NULL
      JOIN checkins c ON c.user_id = x.user_id AND c.photo_service_id = m.photo_service_id AND c.status = 'complete'));
  ELSE
    PERFORM album_counts_recount(array(SELECT DISTINCT c.id FROM changed_rows x
      JOIN checkins c ON c.id = x.checkin_id AND c.status = 'complete'
      WHERE EXISTS (SELECT 1 FROM media m WHERE m.photo_service_id = c.photo_service_id AND m.hidden_at IS NOT NULL)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "album_counts_media_entitlements_inserted" AFTER INSERT ON "media_entitlements" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_entitlements_written"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_media_entitlements_deleted" AFTER DELETE ON "media_entitlements" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_entitlements_written"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_album_entitlements_inserted" AFTER INSERT ON "album_entitlements" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_entitlements_written"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_album_entitlements_deleted" AFTER DELETE ON "album_entitlements" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_entitlements_written"();
