DROP INDEX "incidents_status_idx";--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "kind" text DEFAULT 'incident' NOT NULL;--> statement-breakpoint
CREATE INDEX "incidents_kind_status_idx" ON "incidents" USING btree ("kind","status","created_at");