-- CreateTable
CREATE TABLE "document_chunks" (
    "storage_key" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "document_chunks_pkey" PRIMARY KEY ("storage_key","seq")
);

-- Uploads are mostly compressed already (PDF, JPEG, PNG, DOCX): store chunks out of line without
-- trying to compress them again.
ALTER TABLE "document_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;

-- AddForeignKey
-- Deferred (by hand; Prisma cannot express it): the chunks are written first and the document row,
-- which needs their total size, after them in the same transaction; the key is checked at commit.
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_storage_key_fkey" FOREIGN KEY ("storage_key") REFERENCES "prototype_documents"("storage_key") ON DELETE CASCADE ON UPDATE CASCADE DEFERRABLE INITIALLY DEFERRED;
