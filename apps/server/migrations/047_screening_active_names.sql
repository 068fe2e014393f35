-- The names screening searches: those of the active version of each list, in a table of their own
-- with the search indexes (decision 1104). Every version of a list is kept for six years, so
-- searching the names of all versions and keeping the active ones would read more for every
-- version kept; this table holds the active ones only, whatever the history. Triggers keep it:
-- a version made active brings its names in, a version superseded takes them out, and a name
-- written into an already active version (a fixture, a bench) comes in with it.
CREATE TABLE screening_active_names (
  name_id     bigint PRIMARY KEY REFERENCES screening_entry_names (id),
  version_id  bigint NOT NULL REFERENCES screening_list_versions (id),
  key         text NOT NULL,
  tokens      text[] NOT NULL
);
CREATE INDEX screening_active_names_by_version ON screening_active_names (version_id);
-- written through at once (no pending list): an activation inserts tens of thousands of names, and
-- with GIN's fast update every search would read them all in the pending list until a vacuum
-- merged it, the planner falling back to reading every name (87 ms a search on 40,000 names,
-- against 3 ms written through)
CREATE INDEX screening_active_names_trgm ON screening_active_names USING gin (key gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX screening_active_names_tokens ON screening_active_names USING gin (tokens) WITH (fastupdate = off);

CREATE FUNCTION screening_active_names_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO screening_active_names (name_id, version_id, key, tokens)
  SELECT n.id, e.version_id, n.key, n.tokens
  FROM new_names n JOIN screening_entries e ON e.id = n.entry_id JOIN screening_list_versions v ON v.id = e.version_id
  WHERE v.status = 'active';
  RETURN NULL;
END $$;

CREATE FUNCTION screening_active_names_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM screening_active_names a
  USING old_versions o JOIN new_versions n ON n.id = o.id
  WHERE a.version_id = o.id AND o.status = 'active' AND n.status <> 'active';
  INSERT INTO screening_active_names (name_id, version_id, key, tokens)
  SELECT sn.id, e.version_id, sn.key, sn.tokens
  FROM new_versions n JOIN old_versions o ON o.id = n.id
  JOIN screening_entries e ON e.version_id = n.id JOIN screening_entry_names sn ON sn.entry_id = e.id
  WHERE n.status = 'active' AND o.status <> 'active';
  RETURN NULL;
END $$;

CREATE TRIGGER screening_entry_names_active AFTER INSERT ON screening_entry_names
  REFERENCING NEW TABLE AS new_names FOR EACH STATEMENT EXECUTE FUNCTION screening_active_names_written();
CREATE TRIGGER screening_list_versions_active AFTER UPDATE ON screening_list_versions
  REFERENCING OLD TABLE AS old_versions NEW TABLE AS new_versions FOR EACH STATEMENT EXECUTE FUNCTION screening_active_names_versions();

-- the names of the versions active now
INSERT INTO screening_active_names (name_id, version_id, key, tokens)
SELECT n.id, e.version_id, n.key, n.tokens
FROM screening_entry_names n JOIN screening_entries e ON e.id = n.entry_id JOIN screening_list_versions v ON v.id = e.version_id
WHERE v.status = 'active';

-- the search indexes of every version's names, and the nearest-key walk of migration 046 (a third
-- as fast as the GIN index answering "key % $1", measured in docs/bench-history.md), are no longer read
DROP INDEX screening_entry_names_trgm;
DROP INDEX screening_entry_names_tokens;
DROP INDEX screening_entry_names_trgm_knn;
DROP INDEX screening_subjects_trgm_knn;
-- the customers' names, searched by a list's delta, written through as well
ALTER INDEX screening_subjects_trgm SET (fastupdate = off);
ALTER INDEX screening_subjects_tokens SET (fastupdate = off);
SELECT gin_clean_pending_list('screening_subjects_trgm'::regclass);
SELECT gin_clean_pending_list('screening_subjects_tokens'::regclass);
