CREATE SEQUENCE "public"."commerce_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "commerce_cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"qty" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"url_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"comment" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"product_type" text DEFAULT 'downloadable' NOT NULL,
	"price_cents" integer NOT NULL,
	"qty" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"increment_id" text DEFAULT lpad(nextval('commerce_order_number_seq')::text, 9, '0') NOT NULL,
	"cart_id" integer NOT NULL,
	"user_id" uuid,
	"organization_id" uuid,
	"state" text NOT NULL,
	"status" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_firstname" text NOT NULL,
	"customer_lastname" text NOT NULL,
	"billing_address" jsonb NOT NULL,
	"payment_method" text NOT NULL,
	"payment_reference" text,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"grand_total_cents" integer NOT NULL,
	"amount_paid_cents" integer DEFAULT 0 NOT NULL,
	"amount_refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"refund_reason" text,
	"paid_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"url_key" text NOT NULL,
	"type" text DEFAULT 'downloadable' NOT NULL,
	"price_cents" integer NOT NULL,
	"category_id" integer,
	"content_entry_id" integer,
	"on_sale" boolean DEFAULT true NOT NULL,
	"file_key" text,
	"file_name" text,
	"file_size" integer,
	"sample_file_key" text,
	"sample_file_name" text,
	"number_of_downloads" integer DEFAULT 10 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commerce_products_price" CHECK ("commerce_products"."price_cents" >= 0),
	CONSTRAINT "commerce_products_downloads" CHECK ("commerce_products"."number_of_downloads" >= 0)
);
--> statement-breakpoint
CREATE TABLE "commerce_purchased_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"product_id" integer,
	"link_hash" text NOT NULL,
	"link_title" text NOT NULL,
	"number_of_downloads_bought" integer NOT NULL,
	"number_of_downloads_used" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commerce_purchased_links_used" CHECK ("commerce_purchased_links"."number_of_downloads_bought" = 0 OR "commerce_purchased_links"."number_of_downloads_used" <= "commerce_purchased_links"."number_of_downloads_bought")
);
--> statement-breakpoint
ALTER TABLE "commerce_cart_items" ADD CONSTRAINT "commerce_cart_items_cart_id_commerce_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."commerce_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_cart_items" ADD CONSTRAINT "commerce_cart_items_product_id_commerce_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."commerce_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_carts" ADD CONSTRAINT "commerce_carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_order_history" ADD CONSTRAINT "commerce_order_history_order_id_commerce_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."commerce_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_order_history" ADD CONSTRAINT "commerce_order_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_order_items" ADD CONSTRAINT "commerce_order_items_order_id_commerce_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."commerce_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_order_items" ADD CONSTRAINT "commerce_order_items_product_id_commerce_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."commerce_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_orders" ADD CONSTRAINT "commerce_orders_cart_id_commerce_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."commerce_carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_orders" ADD CONSTRAINT "commerce_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_orders" ADD CONSTRAINT "commerce_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_products" ADD CONSTRAINT "commerce_products_category_id_commerce_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."commerce_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_products" ADD CONSTRAINT "commerce_products_content_entry_id_content_entries_id_fk" FOREIGN KEY ("content_entry_id") REFERENCES "public"."content_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_purchased_links" ADD CONSTRAINT "commerce_purchased_links_order_id_commerce_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."commerce_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_purchased_links" ADD CONSTRAINT "commerce_purchased_links_order_item_id_commerce_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."commerce_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_purchased_links" ADD CONSTRAINT "commerce_purchased_links_product_id_commerce_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."commerce_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_cart_items_product" ON "commerce_cart_items" USING btree ("cart_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_carts_one_active" ON "commerce_carts" USING btree ("user_id") WHERE "commerce_carts"."is_active";--> statement-breakpoint
CREATE INDEX "commerce_carts_user" ON "commerce_carts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "commerce_order_history_order" ON "commerce_order_history" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "commerce_order_items_order" ON "commerce_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_orders_cart" ON "commerce_orders" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_orders_increment" ON "commerce_orders" USING btree ("increment_id");--> statement-breakpoint
CREATE INDEX "commerce_orders_user" ON "commerce_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "commerce_orders_organization" ON "commerce_orders" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "commerce_orders_created" ON "commerce_orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_products_sku" ON "commerce_products" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_products_url_key" ON "commerce_products" USING btree ("url_key");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_purchased_links_hash" ON "commerce_purchased_links" USING btree ("link_hash");--> statement-breakpoint
CREATE INDEX "commerce_purchased_links_order" ON "commerce_purchased_links" USING btree ("order_id");