-- per metal: how far (percent either side of the live mid) an offline order's typed prices may lie
-- before the maker must acknowledge them (decision 0751)
ALTER TABLE treasury_settings
  ADD COLUMN offline_price_band numeric(5, 2) NOT NULL DEFAULT 5.00
  CHECK (offline_price_band > 0 AND offline_price_band <= 100);
