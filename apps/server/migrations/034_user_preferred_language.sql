-- The language a customer reads its documents in (decision 1014): a statement asked without a
-- language is printed in it. English unless an admin sets Traditional Chinese.
ALTER TABLE users ADD COLUMN preferred_language text NOT NULL DEFAULT 'en' CHECK (preferred_language IN ('en', 'zh-Hant'));
