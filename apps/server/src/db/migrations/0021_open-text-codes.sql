CREATE TABLE "open_text_code_links" (
	"code_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"survey_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"coded_by" uuid,
	"coded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_text_code_links_code_id_response_id_pk" PRIMARY KEY("code_id","response_id")
);
--> statement-breakpoint
CREATE TABLE "open_text_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survey_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "open_text_code_links" ADD CONSTRAINT "open_text_code_links_code_id_open_text_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."open_text_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_text_code_links" ADD CONSTRAINT "open_text_code_links_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_text_code_links" ADD CONSTRAINT "open_text_code_links_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_text_code_links" ADD CONSTRAINT "open_text_code_links_coded_by_users_id_fk" FOREIGN KEY ("coded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_text_codes" ADD CONSTRAINT "open_text_codes_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_text_codes" ADD CONSTRAINT "open_text_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_text_code_links_response_idx" ON "open_text_code_links" USING btree ("response_id","question_id");--> statement-breakpoint
CREATE INDEX "open_text_code_links_survey_idx" ON "open_text_code_links" USING btree ("survey_id","question_id");--> statement-breakpoint
CREATE INDEX "open_text_codes_survey_question_idx" ON "open_text_codes" USING btree ("survey_id","question_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "open_text_codes_label_idx" ON "open_text_codes" USING btree ("survey_id","question_id",lower("label"));