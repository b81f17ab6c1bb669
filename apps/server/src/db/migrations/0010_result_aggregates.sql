CREATE TABLE "result_aggregates" (
	"survey_id" uuid NOT NULL,
	"fq" text NOT NULL,
	"fv" text NOT NULL,
	"simulated" boolean NOT NULL,
	"kind" text NOT NULL,
	"qid" text NOT NULL,
	"k1" text NOT NULL,
	"k2" text NOT NULL,
	"age" integer NOT NULL,
	"gender" text NOT NULL,
	"region" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "result_aggregates_survey_id_fq_fv_simulated_kind_qid_k1_k2_age_gender_region_pk" PRIMARY KEY("survey_id","fq","fv","simulated","kind","qid","k1","k2","age","gender","region")
);
--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "folded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "result_aggregates" ADD CONSTRAINT "result_aggregates_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_responses_unfolded_idx" ON "survey_responses" USING btree ("survey_id") WHERE "survey_responses"."folded" = false;--> statement-breakpoint
CREATE INDEX "survey_responses_counted_recent_idx" ON "survey_responses" USING btree ("survey_id","completed_at" DESC NULLS LAST) WHERE "survey_responses"."status" = 'completed' and "survey_responses"."excluded" = false;