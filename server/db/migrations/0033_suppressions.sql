-- One suppression list (issue 52): addresses and domains that must never be mailed again.
-- An erased person (issue 53) is kept only as a salted hash of the lower-cased address.
CREATE TABLE suppressions (
  id bigserial PRIMARY KEY,
  email text,
  domain text,
  email_hash text,
  reason text NOT NULL CHECK (reason IN ('complaint', 'hard_bounce', 'manual', 'erased')),
  source text NOT NULL DEFAULT '',
  created timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT suppressions_one_key CHECK (num_nonnulls(email, domain, email_hash) = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX suppressions_email ON suppressions (email) WHERE email IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX suppressions_domain ON suppressions (domain) WHERE domain IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX suppressions_email_hash ON suppressions (email_hash) WHERE email_hash IS NOT NULL;
--> statement-breakpoint
CREATE INDEX suppressions_created ON suppressions (created DESC, id DESC);
