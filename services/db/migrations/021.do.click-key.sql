-- Clicks are journalled on the service's disk before their redirect is answered, and the journal is stored again
-- after a crash, so storing a click twice must store it once. A click with an id (reserved ahead by the service) is
-- known by it; one answered while no id was reserved (the database was away) carries a random UUID instead. The
-- index only holds those rows, so a click with an id costs nothing more.
BEGIN;

ALTER TABLE clicks ADD COLUMN click_key uuid;
COMMENT ON COLUMN clicks.click_key IS 'For a click answered without a reserved id: the key that stores it once however often it is written';
CREATE UNIQUE INDEX clicks_click_key_idx ON clicks (click_key) WHERE click_key IS NOT NULL;

COMMIT;
