import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from './define-route.ts';

const noteInput = z.object({ id: z.number().int(), note: z.string() });
const declared = { access: 'admin', tag: 'Admin', summary: 'A path', handler: async () => null } as const;
const answer = { output: { shape: z.object({}), description: 'It' } };

function keys(schema: z.ZodTypeAny | undefined): string[] | undefined {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : undefined;
}

describe('defineRoute with the whole input', () => {
  it("takes the path's parameters from the input and leaves the rest as a write's body", () => {
    const route = defineRoute('PATCH /api/things/:id', { ...declared, ...answer, input: noteInput });
    expect(keys(route.params)).toEqual(['id']);
    expect(keys(route.body)).toEqual(['note']);
  });

  it('gives a read, a delete or a write with nothing left no body', () => {
    expect(defineRoute('GET /api/things/:id', { ...declared, ...answer, input: noteInput }).body).toBeUndefined();
    expect(defineRoute('DELETE /api/things/:id', { ...declared, status: 204, output: { description: 'Gone' }, input: noteInput }).body).toBeUndefined();
    const idOnly = defineRoute('PATCH /api/things/:id/close', { ...declared, ...answer, input: noteInput.pick({ id: true }) });
    expect(keys(idOnly.params)).toEqual(['id']);
    expect(idOnly.body).toBeUndefined();
  });

  it('gives a path without parameters the whole input as its body', () => {
    const route = defineRoute('POST /api/things', { ...declared, ...answer, input: noteInput });
    expect(route.params).toBeUndefined();
    expect(keys(route.body)).toEqual(['id', 'note']);
  });

  it("reads through a schema's refinements (the procedure still checks them)", () => {
    const refined = noteInput.refine((value) => value.note !== '', { message: 'Note is required' });
    const route = defineRoute('PATCH /api/things/:id', { ...declared, ...answer, input: refined });
    expect(keys(route.params)).toEqual(['id']);
    expect(keys(route.body)).toEqual(['note']);
  });

  it('refuses an input that is not an object', () => {
    expect(() => defineRoute('PATCH /api/things/:id', { ...declared, ...answer, input: z.string() })).toThrow(/object schema/);
  });
});
