// The access record's verdict (issue 31, point 7; ADR 0047).
import { z } from 'zod';
import { id } from './common.ts';

export const accessRecordVerdict = z.union([
  z.strictObject({ ok: z.literal(true), rows: z.number().int().nonnegative() }),
  z.strictObject({ ok: z.literal(false), firstBrokenId: id }),
]);
