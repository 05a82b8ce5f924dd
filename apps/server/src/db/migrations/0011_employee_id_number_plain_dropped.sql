-- Every row was sealed just before this migration, by the data step the server runs between 0010 and 0011
-- (db/data-steps.ts): SQL alone has no key to seal with.
DROP INDEX "employees_id_number_search_idx";--> statement-breakpoint
DROP INDEX "employees_id_number_key";--> statement-breakpoint
ALTER TABLE "employees" ALTER COLUMN "id_number_sealed" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ALTER COLUMN "id_number_index" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ALTER COLUMN "id_number_masked" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_id_number_key" ON "employees" USING btree ("id_number_index");--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "id_number";