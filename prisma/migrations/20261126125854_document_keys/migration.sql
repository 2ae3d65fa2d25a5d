-- CreateTable
CREATE TABLE "document_keys" (
    "storage_key" TEXT NOT NULL,
    "master_key_id" TEXT NOT NULL,
    "wrapped_key" BYTEA NOT NULL,

    CONSTRAINT "document_keys_pkey" PRIMARY KEY ("storage_key")
);

-- CreateIndex
CREATE INDEX "document_keys_master_key_id_idx" ON "document_keys"("master_key_id");

-- AddForeignKey
ALTER TABLE "document_keys" ADD CONSTRAINT "document_keys_storage_key_fkey" FOREIGN KEY ("storage_key") REFERENCES "prototype_documents"("storage_key") ON DELETE CASCADE ON UPDATE CASCADE;
