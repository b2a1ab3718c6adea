CREATE TABLE "customer_favorites" (
	"customer_id" integer NOT NULL,
	"product_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_favorites_customer_id_product_key_pk" PRIMARY KEY("customer_id","product_key")
);
--> statement-breakpoint
ALTER TABLE "customer_favorites" ADD CONSTRAINT "customer_favorites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_favorites_newest_idx" ON "customer_favorites" USING btree ("customer_id","created_at");