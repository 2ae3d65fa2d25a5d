-- AlterTable
ALTER TABLE "prototype_scorecards" ADD COLUMN     "stale_since" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "prototype_discussion_notes" (
    "id" SERIAL NOT NULL,
    "prototype_id" INTEGER NOT NULL,
    "author_id" UUID,
    "note" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "prototype_discussion_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prototype_declines" (
    "id" SERIAL NOT NULL,
    "prototype_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "category" TEXT,
    "declined_by" UUID,
    "declined_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "prototype_declines_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "prototype_discussion_notes_prototype_id_created_at_idx" ON "prototype_discussion_notes"("prototype_id", "created_at");

-- CreateIndex
CREATE INDEX "prototype_declines_declined_at_idx" ON "prototype_declines"("declined_at");

-- CreateIndex
CREATE INDEX "prototype_declines_prototype_id_declined_at_idx" ON "prototype_declines"("prototype_id", "declined_at" DESC);

-- AddForeignKey
ALTER TABLE "prototype_discussion_notes" ADD CONSTRAINT "prototype_discussion_notes_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_declines" ADD CONSTRAINT "prototype_declines_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
