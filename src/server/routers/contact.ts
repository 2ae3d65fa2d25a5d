// The public contact form (spec sections 2, 5, 8): stored in `contacts`, throttled per address.
import { TRPCError } from '@trpc/server';
import { contactInput } from '~/shared/schemas/contact.ts';
import { RATE_LIMITS, recordAttempt } from '../domain/rate-limit.ts';
import { publicProcedure, router } from '../trpc.ts';

export const contactRouter = router({
  submit: publicProcedure.input(contactInput).mutation(async ({ ctx, input }) => {
    const attempts = await recordAttempt(ctx.db, `contact:ip:${ctx.meta.ip ?? 'unknown'}`, RATE_LIMITS.contactPerIp);
    if (attempts > RATE_LIMITS.contactPerIp.limit) {
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many messages from your address. Please try again later.',
      });
    }
    const contact = await ctx.db.contact.create({
      data: input,
      select: { id: true, name: true, email: true, subject: true, message: true, createdAt: true },
    });
    return contact;
  }),
});
