-- Turn clocks and rematches (as ../0002_clocks_and_rematch.sql). Tables stored before this
-- migration have neither (NULL).
-- The clock's settings, as the JSON object `{"bank_secs": 300, "increment_secs": 10}`; NULL for
-- a table without clocks.
ALTER TABLE tables ADD COLUMN clock TEXT;
-- Each seat's time bank in milliseconds as of the latest stored step, a JSON array; written in
-- the same transaction as the step.
ALTER TABLE tables ADD COLUMN banks TEXT;
-- The id of the table made as this one's rematch, once someone asked for it.
ALTER TABLE tables ADD COLUMN rematch TEXT;
