-- DropIndex
DROP INDEX "prototypes_milestone_open_idx";

-- CreateIndex
CREATE INDEX "prototypes_milestone_open_idx" ON "prototypes"("status", "milestone_date") WHERE ("next_milestone" IS NOT NULL);
