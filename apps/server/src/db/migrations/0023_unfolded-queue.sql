CREATE TABLE "unfolded_responses" (
	"survey_id" uuid NOT NULL,
	"response_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE INDEX "unfolded_responses_survey_idx" ON "unfolded_responses" USING btree ("survey_id");--> statement-breakpoint
-- Responses not folded yet keep their place in the queue (decision 051); folded ones are counted already.
INSERT INTO "unfolded_responses" ("survey_id", "response_id")
	SELECT "survey_id", "id" FROM "survey_responses" WHERE NOT "folded";--> statement-breakpoint
-- Every stored response joins the queue in the statement that stores it, whoever writes it.
CREATE FUNCTION "queue_unfolded_responses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "unfolded_responses" ("survey_id", "response_id") SELECT "survey_id", "id" FROM "stored_rows";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "survey_responses_queue_unfolded" AFTER INSERT ON "survey_responses"
	REFERENCING NEW TABLE AS "stored_rows" FOR EACH STATEMENT EXECUTE FUNCTION "queue_unfolded_responses"();--> statement-breakpoint
DROP INDEX "survey_responses_unfolded_idx";--> statement-breakpoint
ALTER TABLE "survey_responses" DROP COLUMN "folded";--> statement-breakpoint
-- Room on each page for a fold's new version of a count, so the update is heap-only (no index entry).
ALTER TABLE "result_aggregates" SET (fillfactor = 50);
