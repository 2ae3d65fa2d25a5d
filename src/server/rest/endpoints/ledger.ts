// The ledger on screen (issue 15, point 7; ADR 0018): the admin's rows and a seller's statement (routers/ledger.ts).
import { adminLedgerInput, sellerLedgerInput } from '~/shared/schemas/ledger.ts';
import { adminLedgerRow, statementRow } from '../../domain/views/shapes/ledger.ts';
import { pagedList } from '../define-route.ts';

export const ledgerRoutes = [
  pagedList({
    path: '/api/admin/financial-records',
    access: 'admin',
    tag: 'Admin',
    summary: 'The sellers’ ledger, newest first: each row with that seller’s running balance after it',
    description: 'Needs `payouts.manage`. Filter by seller (`userId`) and `type` (payout_due, payout_sent, payout_reversed).',
    input: adminLedgerInput,
    filters: ['userId', 'type'],
    item: adminLedgerRow,
    answers: 'One page of ledger rows',
    list: (caller, input) => caller.ledger.admin(input),
  }),
  pagedList({
    path: '/api/seller/financial-records',
    access: 'user',
    tag: 'Payouts',
    summary: 'Your statement, newest first: what the platform owes you, row by row, with the running balance',
    input: sellerLedgerInput,
    item: statementRow,
    answers: 'One page of your statement',
    list: (caller, input) => caller.ledger.mine(input),
  }),
];
