-- The books the finance desk was missing (decision 1040): what the house is owed (interest accrued on
-- overdue orders, revaluation adjustments, hedge positions at providers), what it owes providers, its
-- capital and retained earnings, the trading desks of platinum and silver, hedging results and the
-- expenses (bank charges, custody, refinery, provider and hedge fees). The journal's account forms
-- widen; old rows satisfy the wider checks (NOT VALID skips the scan).

ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_from_account_check;
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_from_account_check CHECK (from_account ~ '^(user:[0-9]+:(fund|gold|credit|fundHeld|goldHeld)|house:(bank|vault|creditLine|interestDueMyr|interestDueXau|revaluationMetal|revaluationUsd|hedgeXau|hedgeXpt|hedgeXag|hedgeProviders|capital|tradingMyr|tradingXau|tradingXpt|tradingXag|retainedMyr|retainedXau|spread|fees|interestMyr|interestXau|hedging|revaluation|bankCharges|custodyFees|refineryCharges|providerFees|hedgeFees)|metal:(XAU|XPT|XAG):(outside|transit|borrowed|vault:[A-Z0-9][A-Z0-9_-]{0,19}|provider:[A-Za-z0-9][A-Za-z0-9 ._&-]{0,39}))$') NOT VALID;
ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_to_account_check;
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_to_account_check CHECK (to_account ~ '^(user:[0-9]+:(fund|gold|credit|fundHeld|goldHeld)|house:(bank|vault|creditLine|interestDueMyr|interestDueXau|revaluationMetal|revaluationUsd|hedgeXau|hedgeXpt|hedgeXag|hedgeProviders|capital|tradingMyr|tradingXau|tradingXpt|tradingXag|retainedMyr|retainedXau|spread|fees|interestMyr|interestXau|hedging|revaluation|bankCharges|custodyFees|refineryCharges|providerFees|hedgeFees)|metal:(XAU|XPT|XAG):(outside|transit|borrowed|vault:[A-Z0-9][A-Z0-9_-]{0,19}|provider:[A-Za-z0-9][A-Za-z0-9 ._&-]{0,39}))$') NOT VALID;
