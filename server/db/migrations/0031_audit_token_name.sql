-- The audit log names the API token of a write by id and name (issue 49): the name is kept
-- with the row, since the token may be revoked or renamed later.
ALTER TABLE audit_log ADD COLUMN token_name text;
