-- CreateTable
CREATE TABLE "access_records" (
    "id" SERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "kind" TEXT NOT NULL,
    "user_id" UUID,
    "prototype_id" INTEGER,
    "document_id" INTEGER,
    "page" INTEGER,
    "details" JSONB NOT NULL DEFAULT '{}',
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "access_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "access_records_hash_key" ON "access_records"("hash");

-- CreateIndex
CREATE INDEX "access_records_prototype_id_at_idx" ON "access_records"("prototype_id", "at" DESC);

-- CreateIndex
CREATE INDEX "access_records_document_id_idx" ON "access_records"("document_id");

-- CreateIndex
CREATE INDEX "access_records_user_id_kind_idx" ON "access_records"("user_id", "kind");

-- One successor per row: the chain cannot fork, even if two appends raced past the lock.
CREATE UNIQUE INDEX "access_records_prev_hash_key" ON "access_records"("prev_hash");
