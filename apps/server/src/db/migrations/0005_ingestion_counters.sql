ALTER TABLE "survey_responses" ADD COLUMN "answers_hash" text;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "completed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "survey_responses_hash_idx" ON "survey_responses" USING btree ("survey_id","answers_hash");