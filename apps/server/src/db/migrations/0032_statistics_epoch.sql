-- The statistics' answers are kept per scope and question until a figure they show could have changed: every
-- table a statistic is counted from, or names its rows by, raises the `statistics` epoch when it commits.
INSERT INTO "cache_epochs" ("name") VALUES ('statistics');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "assignments_statistics_epoch" AFTER INSERT OR UPDATE OR DELETE ON "assignments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('statistics');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "employees_statistics_epoch" AFTER INSERT OR UPDATE OR DELETE ON "employees" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('statistics');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "departments_statistics_epoch" AFTER INSERT OR UPDATE OR DELETE ON "departments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('statistics');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stores_statistics_epoch" AFTER INSERT OR UPDATE OR DELETE ON "stores" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('statistics');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "posts_statistics_epoch" AFTER INSERT OR UPDATE OR DELETE ON "posts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('statistics');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "headcount_plans_statistics_epoch" AFTER INSERT OR UPDATE OR DELETE ON "headcount_plans" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('statistics');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "resignations_statistics_epoch" AFTER INSERT OR UPDATE OR DELETE ON "resignations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('statistics');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "job_transfers_statistics_epoch" AFTER INSERT OR UPDATE OR DELETE ON "job_transfers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('statistics');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "prohibited_entries_statistics_epoch" AFTER INSERT OR UPDATE OR DELETE ON "prohibited_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('statistics');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dictionary_items_statistics_epoch" AFTER INSERT OR UPDATE OR DELETE ON "dictionary_items" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('statistics');
