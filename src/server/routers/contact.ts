// The public contact form (spec sections 2, 5, 8): stored in `contacts`, throttled per address.
import { contactInput } from '~/shared/schemas/contact.ts';
import { addressOf } from '../domain/rate-limit.ts';
import { publishConversationChange } from '../live/publish.ts';
import { publicProcedure, router } from '../trpc.ts';

export const contactRouter = router({
  submit: publicProcedure.input(contactInput).mutation(async ({ ctx, input }) => {
    await ctx.limiter.consume('contact', addressOf(ctx.meta));
    return ctx.db.$transaction(async (tx) => {
      const contact = await tx.contact.create({
        data: input,
        select: { id: true, name: true, email: true, subject: true, message: true, createdAt: true },
      });
      // The admin inbox's contact tab and its count.
      await publishConversationChange(tx, null);
      return contact;
    });
  }),
});
