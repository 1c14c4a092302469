CREATE TABLE "attendance_chain" (
	"company_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"record_id" uuid NOT NULL,
	"date" varchar(10) NOT NULL,
	"op" varchar(12) NOT NULL,
	"content_hash" varchar(64) NOT NULL,
	"prev_hash" varchar(64) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_chain_company_id_seq_pk" PRIMARY KEY("company_id","seq")
);
--> statement-breakpoint
CREATE TABLE "attendance_chain_heads" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_chain" ADD CONSTRAINT "attendance_chain_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_chain_heads" ADD CONSTRAINT "attendance_chain_heads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_chain_record_idx" ON "attendance_chain" USING btree ("company_id","record_id");