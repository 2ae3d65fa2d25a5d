-- AlterTable
ALTER TABLE "prototype_documents" ADD COLUMN     "page_count" INTEGER,
ADD COLUMN     "view_only" BOOLEAN NOT NULL DEFAULT false;
