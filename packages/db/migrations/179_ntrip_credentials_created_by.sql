-- Who made each NTRIP credential (decision 064): its password is shown once, to that member, so when the member
-- leaves the workspace or is removed from it, the credentials they made are revoked and their pulls end. A credential
-- made before workspaces belonged to its user's personal workspace, whose id is the user's.
ALTER TABLE ntrip_credentials ADD COLUMN created_by uuid REFERENCES users(id) ON DELETE SET NULL;
UPDATE ntrip_credentials c SET created_by = c.user_id WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id);
CREATE INDEX ntrip_credentials_created_by_idx ON ntrip_credentials (user_id, created_by);
