-- Issue 50: sign-up forms. A form offers lists (at least one; a deleted list leaves the forms
-- that offered it, see features/forms/sql) and asks custom fields.
CREATE TABLE forms (
  id serial PRIMARY KEY,
  name text NOT NULL,
  lists integer[] NOT NULL,
  fields text[] NOT NULL DEFAULT '{}',
  language text,
  redirect_url text,
  create_datetime timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX forms_lists ON forms USING gin (lists);
--> statement-breakpoint
-- Submissions counted per form, hour and outcome (`accepted`, `confirmed` or a blocked
-- reason): a flood adds to a few counters, not a row per request.
CREATE TABLE form_counts (
  form_id integer NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  outcome text NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (form_id, hour, outcome)
);
--> statement-breakpoint
-- The per-IP budget: accepted submissions per address block (/24, /56) and hour, shared by
-- every replica. `strict` counts the submissions without a signed timestamp apart.
CREATE TABLE form_ip_budget (
  block text NOT NULL,
  hour timestamptz NOT NULL,
  strict boolean NOT NULL,
  accepted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (block, hour, strict)
);
--> statement-breakpoint
-- The per-address budget: when an address (its SHA-256, lower-cased) last got an opt-in mail
-- through a form.
CREATE TABLE form_address_budget (
  email_hash text PRIMARY KEY,
  mailed timestamptz NOT NULL
);
--> statement-breakpoint
-- Proof-of-work challenges handed out and not yet used: a solution is accepted once, for its
-- form, before it expires.
CREATE TABLE form_challenges (
  nonce text PRIMARY KEY,
  form_id integer NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
  expires timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX form_challenges_expires ON form_challenges (expires);
--> statement-breakpoint
-- One opt-in mail for every double-opt-in list a form submission chose: the other lists'
-- pending subscribers ride on the first one's confirmation (confirming it confirms them).
ALTER TABLE optin_confirmations ADD COLUMN also_subscribers integer[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
-- The form whose submission asked for the confirmation (its stats count `confirmed`).
ALTER TABLE optin_confirmations ADD COLUMN form_id integer REFERENCES forms (id) ON DELETE SET NULL;
