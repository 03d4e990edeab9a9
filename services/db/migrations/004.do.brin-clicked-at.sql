-- Raw scans by date stay cheap at a year of traffic. Clicks are written in batches within a second
-- of happening, so clicked_at follows the table's physical order and a BRIN index (a few pages for 10 million
-- rows) narrows a day's scan to that day's blocks. It replaces the B-tree on clicked_at, which grew with
-- every row and cost every click write an index insert for the same date-range scans.
BEGIN;

CREATE INDEX clicks_clicked_at_brin ON clicks USING brin (clicked_at) WITH (pages_per_range = 32);
DROP INDEX clicks_clicked_at_idx;

COMMIT;
