CREATE TABLE "attributes" (
	"attribute_id" integer PRIMARY KEY NOT NULL,
	"attribute_code" text NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attributes_attribute_code_unique" UNIQUE("attribute_code")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"url_path" text NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_pages" (
	"id" integer PRIMARY KEY NOT NULL,
	"url_path" text NOT NULL,
	"category_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landing_pages_url_path_unique" UNIQUE("url_path")
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"parent_id" integer,
	"type_id" text NOT NULL,
	"status" smallint NOT NULL,
	"visibility" smallint NOT NULL,
	"url_path" text,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" integer PRIMARY KEY NOT NULL,
	"request_path" text NOT NULL,
	"target_path" text NOT NULL,
	"redirect_type" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_request_path_unique" UNIQUE("request_path")
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"sku" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"is_in_stock" boolean NOT NULL,
	"manage_stock" boolean DEFAULT true NOT NULL,
	"is_volatile" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rules" (
	"id" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "categories_url_path_idx" ON "categories" USING btree ("url_path");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "products_parent_idx" ON "products" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "products_url_path_idx" ON "products" USING btree ("url_path");