ALTER TABLE "companies" ADD COLUMN "legal_name" varchar(200);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "document_type" varchar(12);