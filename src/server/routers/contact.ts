// The public contact form (spec sections 2, 5, 8), throttled per address.
import { contactInput } from '~/shared/schemas/contact.ts';
import { receiveContactMessage } from '../domain/contact-messages.ts';
import { addressOf } from '../domain/rate-limit.ts';
import { publicProcedure, router } from '../trpc.ts';

export const contactRouter = router({
  submit: publicProcedure.input(contactInput).mutation(async ({ ctx, input }) => {
    await ctx.limiter.consume('contact', addressOf(ctx.meta));
    return receiveContactMessage(ctx.db, input);
  }),
});
