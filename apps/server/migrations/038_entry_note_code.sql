-- what a customer's entry is about as a code and its parameters (decision 0753), said in the
-- reader's language; `note` keeps the English text. Entries written before have only their text.
ALTER TABLE ledger_entries ADD COLUMN note_code text, ADD COLUMN note_params jsonb;
