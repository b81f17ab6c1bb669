CREATE TABLE "commerce_credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"stripe_refund_id" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commerce_credit_notes_amount" CHECK ("commerce_credit_notes"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "commerce_stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commerce_order_items" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commerce_orders" ADD COLUMN "stripe_session_id" text;--> statement-breakpoint
ALTER TABLE "commerce_orders" ADD COLUMN "payment_url" text;--> statement-breakpoint
ALTER TABLE "commerce_orders" ADD COLUMN "invoice_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commerce_credit_notes" ADD CONSTRAINT "commerce_credit_notes_order_id_commerce_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."commerce_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_credit_notes" ADD CONSTRAINT "commerce_credit_notes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commerce_credit_notes_order" ON "commerce_credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_credit_notes_number" ON "commerce_credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_credit_notes_stripe_refund" ON "commerce_credit_notes" USING btree ("stripe_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_orders_stripe_session" ON "commerce_orders" USING btree ("stripe_session_id");