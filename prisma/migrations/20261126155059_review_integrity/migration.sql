-- AlterTable
ALTER TABLE "users" ADD COLUMN     "expertise" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "organization" TEXT;

-- AlterTable
ALTER TABLE "prototype_scorecards" ADD COLUMN     "conflict_excluded_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "reviewer_conflicts" (
    "id" SERIAL NOT NULL,
    "admin_id" UUID NOT NULL,
    "seller_id" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reviewer_conflicts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prototype_panel_members" (
    "prototype_id" INTEGER NOT NULL,
    "admin_id" UUID NOT NULL,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "prototype_panel_members_pkey" PRIMARY KEY ("prototype_id","admin_id")
);

-- CreateIndex
CREATE INDEX "reviewer_conflicts_seller_id_idx" ON "reviewer_conflicts"("seller_id");

-- CreateIndex
CREATE UNIQUE INDEX "reviewer_conflicts_admin_id_seller_id_key" ON "reviewer_conflicts"("admin_id", "seller_id");

-- CreateIndex
CREATE INDEX "prototype_panel_members_admin_id_idx" ON "prototype_panel_members"("admin_id");

-- AddForeignKey
ALTER TABLE "reviewer_conflicts" ADD CONSTRAINT "reviewer_conflicts_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviewer_conflicts" ADD CONSTRAINT "reviewer_conflicts_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_panel_members" ADD CONSTRAINT "prototype_panel_members_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_panel_members" ADD CONSTRAINT "prototype_panel_members_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Everyone already on a panel (reviewers, leads, those who scored) is a member from the start.
INSERT INTO "prototype_panel_members" ("prototype_id", "admin_id")
SELECT "prototype_id", "reviewer_id" FROM "prototype_reviewers"
UNION SELECT "prototype_id", "reviewer_id" FROM "prototype_scorecards"
UNION SELECT "id", "assigned_to" FROM "prototypes" WHERE "assigned_to" IS NOT NULL
ON CONFLICT DO NOTHING;
