ALTER TABLE "messages" ADD COLUMN "instance_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_instance_id_approval_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."approval_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Task messages written before the column name their approval only in their link.
UPDATE "messages" SET "instance_id" = substring("link" from 'instance=([0-9]+)')::integer
WHERE "kind" = 'approval_task' AND "link" ~ 'instance=[0-9]+$'
  AND EXISTS (SELECT 1 FROM "approval_instances" i WHERE i."id" = substring("messages"."link" from 'instance=([0-9]+)')::integer);
