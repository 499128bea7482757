-- Custom SQL migration file, put your code below! --
-- Session ids are stored as SHA-256 (hex) of the cookie's token from now on
-- (hashSessionToken in app/domain/auth/session.server.ts). The ids of sessions started before are
-- hashed the same way, so the upgrade signs nobody out.
UPDATE "sessions" SET "id" = encode(sha256(convert_to("id", 'UTF8')), 'hex');
