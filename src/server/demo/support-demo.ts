// Demo support tickets (issue 15, point 4) for `npm run db:seed`: one in each status, with
// conversations, an assignee, a resolution, and one that has waited a day and a half for an answer.
import type { Db } from '../db/index.ts';

const HOUR_MS = 3_600_000;

interface Person {
  id: string;
}

export async function seedSupportDemo(db: Db, people: { admin: Person; sellers: Person[]; now: Date }) {
  const { admin, now } = people;
  const [amara, kenji, sofia] = people.sellers;
  if (!amara || !kenji || !sofia) return;
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);

  type Message = { from: 'user' | 'admin'; body: string; hoursAgo: number };
  const tickets: {
    userId: string;
    category: string;
    subject: string;
    description: string;
    priority: 'low' | 'medium' | 'high';
    status: 'open' | 'in_progress' | 'waiting_on_user' | 'resolved' | 'closed';
    hoursAgo: number;
    assigned?: boolean;
    resolution?: string;
    messages: Message[];
  }[] = [
    {
      userId: amara.id,
      category: 'payout',
      subject: 'Payout for Solar Lattice not received',
      description: 'The payout shows as completed but nothing has reached my bank account after five business days.',
      priority: 'high',
      status: 'open',
      hoursAgo: 36,
      messages: [{ from: 'user', body: 'My bank confirms no incoming transfer so far. Reference on your side?', hoursAgo: 30 }],
    },
    {
      userId: kenji.id,
      category: 'prototype',
      subject: 'Updating the efficiency figure',
      description: 'Our latest test run reached 41% efficiency. Can the submitted figure be updated before the review?',
      priority: 'medium',
      status: 'in_progress',
      hoursAgo: 20,
      assigned: true,
      messages: [
        { from: 'admin', body: 'Thanks, Kenji. We are checking with the lead reviewer whether the figure can change mid-review.', hoursAgo: 18 },
        { from: 'user', body: 'Great, I can send the test report as well.', hoursAgo: 6 },
      ],
    },
    {
      userId: sofia.id,
      category: 'account',
      subject: 'Verifying my account',
      description: 'How do I get my account verified? I submitted my first prototype last week.',
      priority: 'low',
      status: 'waiting_on_user',
      hoursAgo: 50,
      assigned: true,
      messages: [{ from: 'admin', body: 'Could you add your business name and a phone number to your profile? We verify from those.', hoursAgo: 44 }],
    },
    {
      userId: amara.id,
      category: 'technical',
      subject: 'PDF upload fails',
      description: 'Uploading a 12 MB PDF stops at 90% with an error.',
      priority: 'medium',
      status: 'resolved',
      hoursAgo: 120,
      assigned: true,
      resolution: 'The file was over the 10 MB limit; a compressed copy uploaded fine.',
      messages: [
        { from: 'admin', body: 'The limit per document is 10 MB. Could you compress the file and try again?', hoursAgo: 110 },
        { from: 'user', body: 'That worked, thank you!', hoursAgo: 100 },
      ],
    },
    {
      userId: kenji.id,
      category: 'other',
      subject: 'Visiting the lab',
      description: 'Is it possible to visit the evaluation lab in person?',
      priority: 'low',
      status: 'closed',
      hoursAgo: 400,
      messages: [{ from: 'admin', body: 'Lab visits are arranged once a prototype reaches development. We will get in touch then.', hoursAgo: 390 }],
    },
  ];

  for (const t of tickets) {
    const lastMessage = t.messages.at(-1);
    const lastUpdated = ago(lastMessage ? lastMessage.hoursAgo : t.hoursAgo);
    const unansweredSince = (() => {
      if (t.status !== 'open' && t.status !== 'in_progress') return null;
      let since: Date | null = ago(t.hoursAgo);
      for (const m of t.messages) since = m.from === 'admin' ? null : (since ?? ago(m.hoursAgo));
      return since;
    })();
    await db.supportTicket.create({
      data: {
        userId: t.userId,
        category: t.category,
        subject: t.subject,
        description: t.description,
        priority: t.priority,
        status: t.status,
        assignedAdminId: t.assigned ? admin.id : null,
        resolution: t.resolution ?? null,
        resolvedAt: t.status === 'resolved' ? lastUpdated : null,
        createdAt: ago(t.hoursAgo),
        lastUpdated,
        awaitingReplySince: unansweredSince,
        messages: {
          create: t.messages.map((m) => ({
            authorId: m.from === 'admin' ? admin.id : t.userId,
            fromAdmin: m.from === 'admin',
            body: m.body,
            createdAt: ago(m.hoursAgo),
          })),
        },
      },
    });
  }
}
