-- The prices each point of the treasury's history was valued at (decision 1043): the metal's USD per
-- troy ounce mid and the USD/MYR mid. A close revalues the metal position and USD balances at the
-- day's closing mids, and a statement values the metal a customer holds at its period's closing mid,
-- from the latest point at or before the moment; older points (without them) give the metal's MYR
-- per gram as their value over their net, as the P&L read them (decision 1030).
ALTER TABLE treasury_history ADD COLUMN usd_per_ounce numeric(18, 6);
ALTER TABLE treasury_history ADD COLUMN usd_myr numeric(12, 6);
