-- Screening's trigram candidates, the closest first (decision 1104): a GiST index answers
-- "ORDER BY key <-> $1 LIMIT n" by walking the nearest keys only, where the GIN index must
-- recheck and sort every key sharing a trigram with a short name.
CREATE INDEX screening_entry_names_trgm_knn ON screening_entry_names USING gist (key gist_trgm_ops);
CREATE INDEX screening_subjects_trgm_knn ON screening_subjects USING gist (key gist_trgm_ops);
