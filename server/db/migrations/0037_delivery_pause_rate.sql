-- The brake (issue 52): which rate paused a delivery by itself, beside its pause_reason
-- ('' = none, or a server fault); cleared when a person acts on the delivery. A person who
-- resumes a delivery the brake paused decides for the rest of it: `brake_off`.
ALTER TABLE deliveries ADD COLUMN pause_rate text NOT NULL DEFAULT ''
  CONSTRAINT deliveries_pause_rate CHECK (pause_rate IN ('', 'complaints', 'hard_bounces'));
--> statement-breakpoint
ALTER TABLE deliveries ADD COLUMN brake_off boolean NOT NULL DEFAULT false;
