-- Saved views of the console's lists (decision 0715): an admin keeps the
-- query of a list (its filters, sort and page as the list's address has them) under a name, for
-- itself or shared with every admin. `list` is one of SAVED_VIEW_LISTS (packages/domain); the query
-- is kept as the address has it, without the leading '?'.
CREATE TABLE saved_views (
  id         bigserial PRIMARY KEY,
  owner_id   bigint NOT NULL REFERENCES admins(id),
  list       text NOT NULL,
  name       text NOT NULL,
  query      text NOT NULL,
  shared     boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- one name per owner and list (the console shows names as chips)
CREATE UNIQUE INDEX saved_views_owner_list_name_key ON saved_views (owner_id, list, lower(name));
-- a list's shared views are read by every admin
CREATE INDEX saved_views_list_shared_idx ON saved_views (list) WHERE shared;
