-- Sessions are keyed by the SHA-256 (hex) of the cookie's token from now on: live sessions
-- keep working, and the database no longer holds anything a cookie could be made from.
UPDATE "sessions" SET "sid" = encode(sha256(convert_to("sid", 'UTF8')), 'hex');
