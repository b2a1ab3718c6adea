CREATE TABLE "contact_orders" (
	"contact_id" text NOT NULL,
	"order_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_orders_contact_id_order_number_pk" PRIMARY KEY("contact_id","order_number")
);
--> statement-breakpoint
ALTER TABLE "contact_orders" ADD CONSTRAINT "contact_orders_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;