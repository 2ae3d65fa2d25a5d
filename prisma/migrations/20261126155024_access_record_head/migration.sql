-- CreateTable
CREATE TABLE "access_record_head" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "last_id" INTEGER NOT NULL,
    "last_hash" TEXT NOT NULL,
    "rows" INTEGER NOT NULL,

    CONSTRAINT "access_record_head_pkey" PRIMARY KEY ("id")
);

-- One row only (ADR 0047).
ALTER TABLE "access_record_head" ADD CONSTRAINT "access_record_head_one_row" CHECK ("id" = 1);

-- A chain written before this migration gets its head now.
INSERT INTO "access_record_head" ("id", "last_id", "last_hash", "rows")
SELECT 1, "id", "hash", (SELECT count(*)::int FROM "access_records") FROM "access_records" ORDER BY "id" DESC LIMIT 1;
