-- custom (issue 20): bib tags written before bibs existed become the photos' bibs, set by hand, so
-- that correcting a photo's bibs (which rewrites its bib tags from its bibs) keeps them.
INSERT INTO "media_bibs" ("media_id", "number", "source")
SELECT m."id", substr(t, 5), 'manual'
  FROM "media" m, unnest(m."tags") AS t
 WHERE t ~ '^bib-[0-9]{3,5}$'
ON CONFLICT DO NOTHING;
