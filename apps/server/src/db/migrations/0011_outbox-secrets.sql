ALTER TABLE "mail_outbox" ADD COLUMN "secret" text;--> statement-breakpoint
-- Messages written before decision 023 still hold live reset and invitation links: hide them as new ones are hidden.
UPDATE "mail_outbox" SET
	"html" = regexp_replace("html", 'https?://[^]"''<>)[:space:]]*[?&]token=[^]"''<>)[:space:]]*', '[link hidden: it is sent only to the recipient]', 'g'),
	"text" = regexp_replace("text", 'https?://[^]"''<>)[:space:]]*[?&]token=[^]"''<>)[:space:]]*', '[link hidden: it is sent only to the recipient]', 'g'),
	"props" = CASE WHEN jsonb_typeof("props") = 'object' THEN "props"
		|| CASE WHEN "props" ? 'resetUrl' THEN jsonb_build_object('resetUrl', '[link hidden: it is sent only to the recipient]') ELSE '{}'::jsonb END
		|| CASE WHEN "props" ? 'acceptUrl' THEN jsonb_build_object('acceptUrl', '[link hidden: it is sent only to the recipient]') ELSE '{}'::jsonb END
	ELSE "props" END
WHERE "html" ~ '[?&]token=' OR "text" ~ '[?&]token=' OR "props" ?| array['resetUrl', 'acceptUrl'];
