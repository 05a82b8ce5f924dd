ALTER TABLE "employees" ADD COLUMN "id_number_sealed" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "id_number_index" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "id_number_masked" text;