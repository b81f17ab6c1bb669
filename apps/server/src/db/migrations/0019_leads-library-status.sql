ALTER TABLE "leads" ADD COLUMN "status_changed_by" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "library_item_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "library_item_title" text;