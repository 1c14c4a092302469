-- Decision 0035: consents recorded before the worker signed themselves (a box the admin ticked) stay 'admin_legacy'
-- (the column's default) and get 30 days for the worker to confirm in their own account; past that the daily
-- face.consent-expiry job deletes the templates and the photo.
UPDATE "face_consents" SET "confirm_by" = now() + interval '30 days' WHERE "method" = 'admin_legacy' AND "withdrawn_at" IS NULL;
