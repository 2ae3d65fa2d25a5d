-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "payout_attempt" INTEGER NOT NULL DEFAULT 0;

-- Hand-written: attempts only count up from 0.
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payout_attempt_check" CHECK ("payout_attempt" >= 0);
