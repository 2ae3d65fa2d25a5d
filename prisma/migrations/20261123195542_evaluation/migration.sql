-- AlterTable
ALTER TABLE "prototypes" ADD COLUMN     "feedback_met_at" TIMESTAMPTZ(3),
ADD COLUMN     "initial_review_met_at" TIMESTAMPTZ(3),
ADD COLUMN     "trl" INTEGER;

-- AlterTable
ALTER TABLE "prototype_documents" ADD COLUMN     "info_request_id" INTEGER;

-- CreateTable
CREATE TABLE "prototype_reviewers" (
    "prototype_id" INTEGER NOT NULL,
    "reviewer_id" UUID NOT NULL,
    "assigned_by" UUID,
    "assigned_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "prototype_reviewers_pkey" PRIMARY KEY ("prototype_id","reviewer_id")
);

-- CreateTable
CREATE TABLE "prototype_scorecards" (
    "id" SERIAL NOT NULL,
    "prototype_id" INTEGER NOT NULL,
    "reviewer_id" UUID NOT NULL,
    "technical_feasibility" INTEGER NOT NULL,
    "commercial_viability" INTEGER NOT NULL,
    "risk_level" "Level" NOT NULL,
    "market_potential" "Level" NOT NULL,
    "trl" INTEGER NOT NULL,
    "estimated_value" INTEGER NOT NULL,
    "investment_required" INTEGER NOT NULL,
    "timeline_weeks" INTEGER NOT NULL,
    "confidence" "Level" NOT NULL,
    "strengths" TEXT NOT NULL,
    "concerns" TEXT NOT NULL,
    "submitted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "prototype_scorecards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prototype_info_requests" (
    "id" SERIAL NOT NULL,
    "prototype_id" INTEGER NOT NULL,
    "asked_by" UUID,
    "question" TEXT NOT NULL,
    "wants_documents" BOOLEAN NOT NULL DEFAULT false,
    "answer" TEXT,
    "answered_by" UUID,
    "answered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "prototype_info_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prototype_evaluation_releases" (
    "id" SERIAL NOT NULL,
    "prototype_id" INTEGER NOT NULL,
    "released_by" UUID,
    "summary" TEXT NOT NULL,
    "strengths" TEXT,
    "concerns" TEXT,
    "include_scores" BOOLEAN NOT NULL,
    "scores" JSONB,
    "released_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "prototype_evaluation_releases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prototype_quote_versions" (
    "id" SERIAL NOT NULL,
    "prototype_id" INTEGER NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "notes" TEXT,
    "quoted_by" UUID,
    "quoted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "seller_response" "QuoteResponse",
    "seller_response_note" TEXT,
    "seller_response_at" TIMESTAMPTZ(3),

    CONSTRAINT "prototype_quote_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_access" (
    "id" SERIAL NOT NULL,
    "document_id" INTEGER NOT NULL,
    "prototype_id" INTEGER NOT NULL,
    "user_id" UUID,
    "opened_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_access_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "due_reminders" (
    "prototype_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "moment" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "due_reminders_pkey" PRIMARY KEY ("prototype_id","kind","due_at","moment")
);

-- CreateIndex
CREATE INDEX "prototype_reviewers_reviewer_id_idx" ON "prototype_reviewers"("reviewer_id");

-- CreateIndex
CREATE INDEX "prototype_scorecards_reviewer_id_idx" ON "prototype_scorecards"("reviewer_id");

-- CreateIndex
CREATE UNIQUE INDEX "prototype_scorecards_prototype_id_reviewer_id_key" ON "prototype_scorecards"("prototype_id", "reviewer_id");

-- CreateIndex
CREATE INDEX "prototype_info_requests_prototype_id_created_at_idx" ON "prototype_info_requests"("prototype_id", "created_at");

-- CreateIndex
CREATE INDEX "prototype_info_requests_answered_at_created_at_idx" ON "prototype_info_requests"("answered_at", "created_at");

-- CreateIndex
CREATE INDEX "prototype_evaluation_releases_prototype_id_released_at_idx" ON "prototype_evaluation_releases"("prototype_id", "released_at" DESC);

-- CreateIndex
CREATE INDEX "prototype_quote_versions_prototype_id_quoted_at_idx" ON "prototype_quote_versions"("prototype_id", "quoted_at");

-- CreateIndex
CREATE INDEX "document_access_prototype_id_opened_at_idx" ON "document_access"("prototype_id", "opened_at" DESC);

-- CreateIndex
CREATE INDEX "document_access_document_id_idx" ON "document_access"("document_id");

-- CreateIndex
CREATE INDEX "prototypes_stage_created_at_idx" ON "prototypes"("stage", "created_at" DESC);

-- CreateIndex
CREATE INDEX "prototypes_assigned_to_idx" ON "prototypes"("assigned_to");

-- AddForeignKey
ALTER TABLE "prototype_reviewers" ADD CONSTRAINT "prototype_reviewers_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_reviewers" ADD CONSTRAINT "prototype_reviewers_reviewer_id_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_reviewers" ADD CONSTRAINT "prototype_reviewers_assigned_by_fkey" FOREIGN KEY ("assigned_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_scorecards" ADD CONSTRAINT "prototype_scorecards_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_scorecards" ADD CONSTRAINT "prototype_scorecards_reviewer_id_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_info_requests" ADD CONSTRAINT "prototype_info_requests_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_info_requests" ADD CONSTRAINT "prototype_info_requests_asked_by_fkey" FOREIGN KEY ("asked_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_info_requests" ADD CONSTRAINT "prototype_info_requests_answered_by_fkey" FOREIGN KEY ("answered_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_evaluation_releases" ADD CONSTRAINT "prototype_evaluation_releases_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_evaluation_releases" ADD CONSTRAINT "prototype_evaluation_releases_released_by_fkey" FOREIGN KEY ("released_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_quote_versions" ADD CONSTRAINT "prototype_quote_versions_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_quote_versions" ADD CONSTRAINT "prototype_quote_versions_quoted_by_fkey" FOREIGN KEY ("quoted_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_access" ADD CONSTRAINT "document_access_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "prototype_documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_access" ADD CONSTRAINT "document_access_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_access" ADD CONSTRAINT "document_access_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "due_reminders" ADD CONSTRAINT "due_reminders_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_documents" ADD CONSTRAINT "prototype_documents_info_request_id_fkey" FOREIGN KEY ("info_request_id") REFERENCES "prototype_info_requests"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hand-written: the scorecard's ranges (the zod schemas in src/shared/schemas/evaluation.ts say the same).
ALTER TABLE "prototype_scorecards"
  ADD CONSTRAINT "prototype_scorecards_scores_check" CHECK (
    "technical_feasibility" BETWEEN 0 AND 100 AND "commercial_viability" BETWEEN 0 AND 100 AND "trl" BETWEEN 1 AND 9
    AND "estimated_value" >= 0 AND "investment_required" >= 0 AND "timeline_weeks" >= 0
  );
ALTER TABLE "prototypes" ADD CONSTRAINT "prototypes_trl_check" CHECK ("trl" IS NULL OR "trl" BETWEEN 1 AND 9);
ALTER TABLE "due_reminders" ADD CONSTRAINT "due_reminders_kind_check" CHECK ("kind" IN ('initial_review', 'feedback', 'milestone'));
ALTER TABLE "due_reminders" ADD CONSTRAINT "due_reminders_moment_check" CHECK ("moment" IN ('before', 'due', 'overdue'));

-- Hand-written: existing rows. The stored stage becomes the one truth (it was derived from the status),
-- the review promise counts as met for what already left review, and each existing quote becomes its
-- first version.
UPDATE "prototypes" SET "stage" = CASE "status"
    WHEN 'under_review' THEN 'technical_evaluation'::"PrototypeStage"
    WHEN 'approved' THEN 'commercial_evaluation'::"PrototypeStage"
    WHEN 'quoted' THEN 'negotiation'::"PrototypeStage"
    WHEN 'accepted' THEN 'negotiation'::"PrototypeStage"
    WHEN 'in_development' THEN 'development'::"PrototypeStage"
    WHEN 'active' THEN 'deployment'::"PrototypeStage"
    WHEN 'rejected' THEN 'closed'::"PrototypeStage"
    ELSE "stage" END
  WHERE "stage" = 'initial_review';
UPDATE "prototypes" SET "initial_review_met_at" = "updated_at" WHERE "status" <> 'submitted';
UPDATE "prototypes" SET "feedback_met_at" = COALESCE("quoted_at", "updated_at")
  WHERE "status" IN ('approved', 'rejected', 'quoted', 'accepted', 'in_development', 'active');
INSERT INTO "prototype_quote_versions" ("prototype_id", "amount", "notes", "quoted_by", "quoted_at", "seller_response", "seller_response_note", "seller_response_at")
  SELECT "id", "atomix_quote", "quote_notes", "quote_provide_by", COALESCE("quoted_at", "updated_at"), "seller_response", "seller_response_note", "seller_response_at"
  FROM "prototypes" WHERE "atomix_quote" > 0;
