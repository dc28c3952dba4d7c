CREATE TABLE "face_matches" (
	"checkin_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"face_id" integer,
	"distance" real NOT NULL,
	"decision" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "face_matches_checkin_id_media_id_pk" PRIMARY KEY("checkin_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "faces" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_id" integer NOT NULL,
	"photo_service_id" integer NOT NULL,
	"box" jsonb NOT NULL,
	"landmarks" jsonb NOT NULL,
	"score" real NOT NULL,
	"size_px" integer NOT NULL,
	"descriptor" real[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_blur_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_id" integer NOT NULL,
	"face_ids" integer[] NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_face_scans" (
	"media_id" integer PRIMARY KEY NOT NULL,
	"photo_service_id" integer NOT NULL,
	"status" text NOT NULL,
	"face_count" integer DEFAULT 0 NOT NULL,
	"engine" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selfie_faces" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkin_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"descriptor" real[] NOT NULL,
	"additional_person" boolean DEFAULT false NOT NULL,
	"multi_person_consent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "face_matches" ADD CONSTRAINT "face_matches_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_matches" ADD CONSTRAINT "face_matches_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_matches" ADD CONSTRAINT "face_matches_face_id_faces_id_fk" FOREIGN KEY ("face_id") REFERENCES "public"."faces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faces" ADD CONSTRAINT "faces_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faces" ADD CONSTRAINT "faces_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_blur_variants" ADD CONSTRAINT "media_blur_variants_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_face_scans" ADD CONSTRAINT "media_face_scans_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_face_scans" ADD CONSTRAINT "media_face_scans_photo_service_id_photo_services_id_fk" FOREIGN KEY ("photo_service_id") REFERENCES "public"."photo_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selfie_faces" ADD CONSTRAINT "selfie_faces_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selfie_faces" ADD CONSTRAINT "selfie_faces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_matches_media_idx" ON "face_matches" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "face_matches_face_idx" ON "face_matches" USING btree ("face_id");--> statement-breakpoint
CREATE INDEX "face_matches_shown_idx" ON "face_matches" USING btree ("checkin_id","media_id") WHERE "face_matches"."decision" in ('auto', 'confirmed');--> statement-breakpoint
CREATE INDEX "faces_service_idx" ON "faces" USING btree ("photo_service_id","id");--> statement-breakpoint
CREATE INDEX "faces_media_idx" ON "faces" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_blur_variants_media_key" ON "media_blur_variants" USING btree ("media_id","key");--> statement-breakpoint
CREATE INDEX "media_face_scans_service_idx" ON "media_face_scans" USING btree ("photo_service_id","status");--> statement-breakpoint
CREATE INDEX "selfie_faces_checkin_idx" ON "selfie_faces" USING btree ("checkin_id");--> statement-breakpoint
CREATE INDEX "selfie_faces_user_idx" ON "selfie_faces" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "selfie_faces_expires_idx" ON "selfie_faces" USING btree ("expires_at");--> statement-breakpoint
-- Face search: in an event with checkin_mode 'face-checkin' an album shows, within its code's
-- scope, only the media its face matches put there (decision auto or confirmed). The album counts
-- (migration 0010) follow the same rule: every function spelling the rule gains that condition,
-- and face_matches' own writes add or take away counts.
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
  GROUP BY c.id, coalesce(m.gallery_id, 0)
  ON CONFLICT (checkin_id, gallery_id) DO UPDATE SET photos = a.photos + excluded.photos,
    videos = a.videos + excluded.videos, favourites = a.favourites + excluded.favourites,
    version = excluded.version;
END $$;
--> statement-breakpoint
-- A face match shown (delta 1) or no longer shown (-1) in some albums: the medium joins or leaves them.
CREATE FUNCTION "album_counts_face_add"(delta integer, checkin_ids integer[], media_ids integer[])
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
  GROUP BY c.id, coalesce(m.gallery_id, 0)
  ON CONFLICT (checkin_id, gallery_id) DO UPDATE SET photos = a.photos + excluded.photos,
    videos = a.videos + excluded.videos, favourites = a.favourites + excluded.favourites,
    version = excluded.version;
END $$;
--> statement-breakpoint
CREATE FUNCTION "album_counts_face_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM album_counts_face_add(1,
      array(SELECT checkin_id FROM new_rows WHERE decision IN ('auto', 'confirmed') ORDER BY checkin_id, media_id),
      array(SELECT media_id FROM new_rows WHERE decision IN ('auto', 'confirmed') ORDER BY checkin_id, media_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM album_counts_face_add(-1,
      array(SELECT checkin_id FROM old_rows WHERE decision IN ('auto', 'confirmed') ORDER BY checkin_id, media_id),
      array(SELECT media_id FROM old_rows WHERE decision IN ('auto', 'confirmed') ORDER BY checkin_id, media_id));
  ELSE
    PERFORM album_counts_face_add(-1,
      array(SELECT o.checkin_id FROM old_rows o JOIN new_rows n USING (checkin_id, media_id)
        WHERE o.decision IN ('auto', 'confirmed') AND n.decision NOT IN ('auto', 'confirmed') ORDER BY 1, o.media_id),
      array(SELECT o.media_id FROM old_rows o JOIN new_rows n USING (checkin_id, media_id)
        WHERE o.decision IN ('auto', 'confirmed') AND n.decision NOT IN ('auto', 'confirmed') ORDER BY o.checkin_id, 1));
    PERFORM album_counts_face_add(1,
      array(SELECT n.checkin_id FROM old_rows o JOIN new_rows n USING (checkin_id, media_id)
        WHERE o.decision NOT IN ('auto', 'confirmed') AND n.decision IN ('auto', 'confirmed') ORDER BY 1, n.media_id),
      array(SELECT n.media_id FROM old_rows o JOIN new_rows n USING (checkin_id, media_id)
        WHERE o.decision NOT IN ('auto', 'confirmed') AND n.decision IN ('auto', 'confirmed') ORDER BY n.checkin_id, 1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "album_counts_face_matches_inserted" AFTER INSERT ON "face_matches" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_face_written"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_face_matches_updated" AFTER UPDATE ON "face_matches" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_face_written"();
--> statement-breakpoint
CREATE TRIGGER "album_counts_face_matches_deleted" AFTER DELETE ON "face_matches" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "album_counts_face_written"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "album_counts_photo_services_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM album_counts_recount(array(SELECT c.id FROM checkins c JOIN new_rows n ON n.id = c.photo_service_id
    JOIN old_rows o ON o.id = n.id WHERE (o.show_all_event_photos, o.checkin_mode)
      IS DISTINCT FROM (n.show_all_event_photos, n.checkin_mode)));
  RETURN NULL;
END $$;
