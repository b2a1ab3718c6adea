CREATE TABLE "recommendation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"customer_key" text NOT NULL,
	"session_key" text NOT NULL,
	"product_key" text,
	"variant_key" text,
	"list_id" text,
	"position" integer,
	"q" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_favorites" (
	"customer_key" text NOT NULL,
	"product_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recommendation_favorites_customer_key_product_key_pk" PRIMARY KEY("customer_key","product_key")
);
--> statement-breakpoint
CREATE INDEX "recommendation_events_customer_idx" ON "recommendation_events" USING btree ("customer_key","id");--> statement-breakpoint
CREATE INDEX "recommendation_events_created_idx" ON "recommendation_events" USING btree ("created_at");