ALTER TABLE "attendance_groups" ADD COLUMN "annual_carry_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_groups" ADD COLUMN "annual_carry_months" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_ledger" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "leave_ledger" ADD COLUMN "settles_id" integer;--> statement-breakpoint
ALTER TABLE "leave_ledger" ADD CONSTRAINT "leave_ledger_settles_id_leave_ledger_id_fk" FOREIGN KEY ("settles_id") REFERENCES "public"."leave_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leave_ledger_settles_key" ON "leave_ledger" USING btree ("settles_id") WHERE "leave_ledger"."settles_id" is not null;