ALTER TABLE "employees" ADD COLUMN "name_pinyin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "name_initials" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "main_department_id" integer;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "main_store_id" integer;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "main_post_id" integer;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_main_department_id_departments_id_fk" FOREIGN KEY ("main_department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_main_store_id_stores_id_fk" FOREIGN KEY ("main_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_main_post_id_posts_id_fk" FOREIGN KEY ("main_post_id") REFERENCES "public"."posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employees_entry_date_idx" ON "employees" USING btree ("entry_date");--> statement-breakpoint
CREATE INDEX "employees_main_department_idx" ON "employees" USING btree ("main_department_id");--> statement-breakpoint
CREATE INDEX "employees_main_store_idx" ON "employees" USING btree ("main_store_id");--> statement-breakpoint
CREATE INDEX "employees_main_post_idx" ON "employees" USING btree ("main_post_id");--> statement-breakpoint
CREATE INDEX "employees_name_prefix_idx" ON "employees" USING btree ("name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "employees_pinyin_prefix_idx" ON "employees" USING btree ("name_pinyin" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "employees_initials_prefix_idx" ON "employees" USING btree ("name_initials" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "employees_no_prefix_idx" ON "employees" USING btree ("employee_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "employees_id_number_search_idx" ON "employees" USING btree (upper(trim("id_number")));
--> statement-breakpoint
-- Where each person works: their open main assignment, else the last main one (modules/staff/placement.ts).
UPDATE "employees" AS e SET "main_department_id" = p."department_id", "main_store_id" = p."store_id", "main_post_id" = p."post_id"
FROM (
  SELECT DISTINCT ON ("employee_id") "employee_id", "department_id", "store_id", "post_id"
  FROM "assignments" WHERE "is_main"
  ORDER BY "employee_id", "end_date" DESC NULLS FIRST, "start_date" DESC, "id" DESC
) AS p
WHERE p."employee_id" = e."id";
