-- The demo "test" business leaves the product (docs/decisions.md "Test scaffolding stays out of the product"):
-- its approvals with their tasks, timeline and messages, its flows, its requests and their audit rows go.
DELETE FROM "messages" WHERE "instance_id" IN (SELECT "id" FROM "approval_instances" WHERE "business_type" = 'test')
  OR ("kind" LIKE 'approval\_%' AND substring("link" from 'instance=([0-9]+)$')::integer IN
    (SELECT "id" FROM "approval_instances" WHERE "business_type" = 'test'));--> statement-breakpoint
DELETE FROM "approval_events" WHERE "instance_id" IN (SELECT "id" FROM "approval_instances" WHERE "business_type" = 'test');--> statement-breakpoint
DELETE FROM "approval_tasks" WHERE "instance_id" IN (SELECT "id" FROM "approval_instances" WHERE "business_type" = 'test');--> statement-breakpoint
DELETE FROM "approval_instances" WHERE "business_type" = 'test';--> statement-breakpoint
DELETE FROM "approval_flows" WHERE "business_type" = 'test';--> statement-breakpoint
DELETE FROM "audit_logs" WHERE "entity" = 'approval_test_request';--> statement-breakpoint
DROP TABLE "approval_test_requests" CASCADE;
