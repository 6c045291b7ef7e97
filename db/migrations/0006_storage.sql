CREATE TABLE "stored_objects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_person_id" uuid NOT NULL,
	"uploaded_by_id" uuid,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"allowed_content_types" text[] NOT NULL,
	"max_bytes" integer NOT NULL,
	"file_name" text,
	"backend" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"byte_size" integer,
	"data" "bytea",
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "stored_objects_max_bytes_check" CHECK ("stored_objects"."max_bytes" > 0),
	CONSTRAINT "stored_objects_size_check" CHECK ("stored_objects"."byte_size" is null or ("stored_objects"."byte_size" >= 0 and "stored_objects"."byte_size" <= "stored_objects"."max_bytes")),
	CONSTRAINT "stored_objects_complete_check" CHECK ("stored_objects"."status" = 'pending' or "stored_objects"."byte_size" is not null),
	CONSTRAINT "stored_objects_embedded_data_check" CHECK ("stored_objects"."backend" = 'embedded' or "stored_objects"."data" is null)
);
--> statement-breakpoint
ALTER TABLE "stored_objects" ADD CONSTRAINT "stored_objects_owner_person_id_persons_id_fk" FOREIGN KEY ("owner_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_objects" ADD CONSTRAINT "stored_objects_uploaded_by_id_persons_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_objects_owner_idx" ON "stored_objects" USING btree ("owner_person_id","purpose");--> statement-breakpoint
CREATE INDEX "stored_objects_unfinished_idx" ON "stored_objects" USING btree ("expires_at") WHERE "stored_objects"."status" <> 'complete';