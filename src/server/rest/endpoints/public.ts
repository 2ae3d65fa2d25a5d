// The public site: the contact form and the prototype tracker's portfolio.
import { contactInput } from '~/shared/schemas/contact.ts';
import { contactCreated, portfolio } from '../../domain/views/shapes/public.ts';
import { defineRoute } from '../define-route.ts';

const tag = 'Public';

export const publicRoutes = [
  defineRoute('POST /api/contact', {
    access: 'public',
    tag,
    summary: 'Send the contact form',
    body: contactInput,
    status: 201,
    output: { shape: contactCreated, description: 'Message received' },
    errors: [429],
    handler: ({ caller, input }) => caller.contact.submit(input),
  }),
  defineRoute('GET /api/prototype-tracker/portfolio', {
    access: 'public',
    tag,
    summary: 'Prototype counts per energy type and stage',
    output: { shape: portfolio, description: 'The public portfolio' },
    handler: ({ caller }) => caller.prototypes.portfolio(),
  }),
];
