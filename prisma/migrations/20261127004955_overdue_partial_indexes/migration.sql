-- CreateIndex
CREATE INDEX "prototypes_initial_review_open_idx" ON "prototypes"("created_at") WHERE ("initial_review_met_at" IS NULL);

-- CreateIndex
CREATE INDEX "prototypes_feedback_open_idx" ON "prototypes"("created_at") WHERE ("initial_review_met_at" IS NOT NULL AND "feedback_met_at" IS NULL);

-- CreateIndex
CREATE INDEX "prototypes_milestone_open_idx" ON "prototypes"("milestone_date") WHERE ("status" = 'in_development' AND "next_milestone" IS NOT NULL);
