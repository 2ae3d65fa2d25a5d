import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '~/server/routers/_app.ts';

type Outputs = inferRouterOutputs<AppRouter>['prototypes'];
export type SellerPrototype = Outputs['mine'][number];
export type SellerTransaction = Outputs['transactions'][number];
export type SellerSummary = Outputs['summary'];
export type PrototypeDetail = Outputs['byId'];
export type PipelineItem = Outputs['pipeline'][number];
export type Portfolio = Outputs['portfolio'];
