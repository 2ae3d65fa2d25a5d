// Demo concern reports (issue 15, point 5; ADR 0018): Amara's IP dispute about her own prototype
// (pending), an admin's export-control flag on one of Kenji's (reviewed) and Kenji's resolved report
// about a message, whose outcome he was told.
import type { Db } from '../db/index.ts';
import { openKeyOf } from '../domain/content-reports.ts';
import { DAY_MS } from '~/shared/days.ts';

export async function seedReportsDemo(db: Db, input: { adminId: string; amaraId: string; kenjiId: string; now: Date }) {
  const { adminId, amaraId, kenjiId, now } = input;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const amaras = await db.prototype.findFirstOrThrow({ where: { sellerId: amaraId }, orderBy: { id: 'asc' }, select: { id: true } });
  const kenjis = await db.prototype.findFirstOrThrow({ where: { sellerId: kenjiId }, orderBy: { id: 'asc' }, select: { id: true } });
  const message = await db.adminMessage.findFirstOrThrow({ where: { userId: kenjiId, messageType: 'admin_to_user' }, select: { id: true } });
  await db.contentReport.create({
    data: {
      reporterId: amaraId,
      targetType: 'prototype',
      targetId: String(amaras.id),
      reason: 'ip_dispute',
      description: 'A former collaborator claims co-ownership of the electrode design; our filing predates his involvement.',
      openKey: openKeyOf(amaraId, 'prototype', String(amaras.id)),
      createdAt: ago(1),
    },
  });
  await db.contentReport.create({
    data: {
      reporterId: adminId,
      targetType: 'prototype',
      targetId: String(kenjis.id),
      reason: 'export_control',
      description: 'Fusion component specifications: check the export classification before sharing with partners.',
      status: 'reviewed',
      reviewedBy: adminId,
      reviewedAt: ago(2),
      openKey: openKeyOf(adminId, 'prototype', String(kenjis.id)),
      createdAt: ago(3),
    },
  });
  await db.contentReport.create({
    data: {
      reporterId: kenjiId,
      targetType: 'message',
      targetId: String(message.id),
      reason: 'other',
      description: 'The agreement mentioned here never arrived.',
      status: 'resolved',
      resolution: 'The agreement was re-sent to your business address.',
      reviewedBy: adminId,
      reviewedAt: ago(4),
      createdAt: ago(6),
    },
  });
}
