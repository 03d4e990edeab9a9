-- The secret salt for each UTC day's visitor hashes, shared by every instance and restart on that day.
-- A day's row is deleted once the day is over, so its hashes can never be linked back to an IP.
BEGIN;

CREATE TABLE visitor_salts (
  day  date PRIMARY KEY,
  salt text NOT NULL CHECK (salt ~ '^[0-9a-f]{64}$')
);

COMMIT;
