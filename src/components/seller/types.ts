import type { RouterOutputs } from '~/client/trpc.ts';

type Outputs = RouterOutputs['prototypes'];
/** Description and notes are absent when an admin has not opened the data room yet (ADR 0045). */
export type SellerPrototype = Omit<Outputs['mine'][number], 'description' | 'notes'> & { description?: string; notes?: string | null };
export type SellerTransaction = Outputs['transactions'][number];
export type SellerSummary = Outputs['summary'];
export type PrototypeDetail = Outputs['byId'];
export type PipelineItem = Outputs['pipeline'][number];
export type Portfolio = Outputs['portfolio'];
