import type { RouterOutputs } from '~/client/trpc.ts';

type Outputs = RouterOutputs['prototypes'];
export type SellerPrototype = Outputs['mine'][number];
export type SellerTransaction = Outputs['transactions'][number];
export type SellerSummary = Outputs['summary'];
export type PrototypeDetail = Outputs['byId'];
export type PipelineItem = Outputs['pipeline'][number];
export type Portfolio = Outputs['portfolio'];
