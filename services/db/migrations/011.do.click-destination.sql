-- Where each click went: /go/<slug> goes to the affiliate link, or to the provider's website while it has none;
-- /go/<slug>/<link> to a named link (windows, ios, …), or to the website when the provider has none by that name.
-- `destination` is the link used ('affiliate', 'website', 'windows', …); `paid` is true only for 'affiliate', so
-- reports can tell the clicks that can earn from those that only help the visitor.
--
-- Both columns are nullable and have no default, so adding them rewrites nothing on a large table; clicks recorded
-- before this migration have neither (where they went was not kept). The writer fills both from the target. The
-- check is a length test only: values come from content's link names, never from the request, and a regular
-- expression here cost every inserted row (see migration 009).
BEGIN;

ALTER TABLE clicks ADD COLUMN destination text CHECK (length(destination) BETWEEN 1 AND 40);
ALTER TABLE clicks ADD COLUMN paid boolean;

COMMENT ON COLUMN clicks.destination IS 'The link the click went to: affiliate, or a link name such as website, windows, ios';
COMMENT ON COLUMN clicks.paid IS 'True when the click went to the affiliate link; false for the website and other named links';

COMMIT;
