CREATE TABLE "commerce_billing_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"address" jsonb NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"uses_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commerce_coupons_amount" CHECK ("commerce_coupons"."amount" > 0),
	CONSTRAINT "commerce_coupons_percent" CHECK ("commerce_coupons"."kind" <> 'percent' OR "commerce_coupons"."amount" <= 100),
	CONSTRAINT "commerce_coupons_uses" CHECK ("commerce_coupons"."uses_limit" IS NULL OR ("commerce_coupons"."uses_limit" > 0 AND "commerce_coupons"."times_used" <= "commerce_coupons"."uses_limit"))
);
--> statement-breakpoint
CREATE TABLE "commerce_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commerce_carts" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "commerce_orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "commerce_orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "commerce_billing_addresses" ADD CONSTRAINT "commerce_billing_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_coupons" ADD CONSTRAINT "commerce_coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_customers" ADD CONSTRAINT "commerce_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commerce_billing_addresses_user" ON "commerce_billing_addresses" USING btree ("user_id","last_used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_coupons_code" ON "commerce_coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_customers_user" ON "commerce_customers" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "commerce_carts" ADD CONSTRAINT "commerce_carts_coupon_id_commerce_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."commerce_coupons"("id") ON DELETE set null ON UPDATE no action;