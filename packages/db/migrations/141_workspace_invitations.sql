-- Invitations to a workspace (decision 065): by e-mail, a single-use link valid 7 days, bound to the invited address.
-- The link's token is stored as its SHA-256 only; a resend replaces it (the old link stops working).
CREATE TABLE workspace_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'surveyor', 'viewer')),
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
  invited_by_name text NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- one pending invitation per address and workspace: inviting again renews it
CREATE UNIQUE INDEX workspace_invitations_pending ON workspace_invitations (workspace_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;
