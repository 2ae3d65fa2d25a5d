// The confidentiality terms as they leave the server (domain/confidentiality-terms.ts).
import { z } from 'zod';
import { timestamp, uuid } from './common.ts';

const version = z.number().int().positive();

/** GET /api/confidentiality/terms: the current version, and when the caller accepted it (or null). */
export const currentTerms = z.strictObject({ version, title: z.string(), text: z.string(), acceptedAt: timestamp.nullable() });
export const publishedTerms = z.strictObject({ version });
export const termsAcceptance = z.strictObject({ version, acceptedAt: timestamp });
/** The admin terms page: every version, newest first, with who accepted it. */
export const termsHistory = z.array(
  z.strictObject({
    version,
    title: z.string(),
    text: z.string(),
    textSha256: z.string(),
    publishedAt: timestamp,
    publishedBy: z.string().nullable(),
    acceptances: z.array(z.strictObject({ userId: uuid, name: z.string(), email: z.string(), acceptedAt: timestamp })),
  }),
);
export const attestation = z.strictObject({ prototypeId: z.number().int().positive(), termsVersion: version, attestedAt: timestamp });
export const accessRevocation = z.strictObject({ adminId: uuid, revokedAt: timestamp });
