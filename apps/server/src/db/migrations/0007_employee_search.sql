ALTER TABLE "employees" ADD COLUMN "name_pinyin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "name_initials" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "employees_entry_date_idx" ON "employees" USING btree ("entry_date");