-- The settings' version (docs/decisions/0040-settings-version.md). Every change of a setting that
-- governs trading (a mode, an adjust, a holiday, a manual price) adds one to it in its own
-- transaction. It lives on the modes row so that a money-moving transaction reads the modes and
-- the version with one primary-key read (FOR SHARE), and so that a settings change, which must
-- update this row, waits for the money-moving transactions that read the old settings.
ALTER TABLE system_modes ADD COLUMN settings_version bigint NOT NULL DEFAULT 1;
