import { describe, expect, it } from 'vitest';
import { CONTACT_SUBJECTS } from '../constants.ts';
import { contactInput } from './contact.ts';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'partnership',
  message: 'We would like to discuss a joint fusion programme.',
};

/** The first message zod reports for `field`, or undefined. */
function errorFor(input: unknown, field: string): string | undefined {
  const result = contactInput.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('contactInput', () => {
  it('accepts a complete message', () => {
    expect(contactInput.parse(valid)).toEqual(valid);
  });

  it('accepts each of the four subjects of the spec, and only those', () => {
    expect(CONTACT_SUBJECTS).toEqual(['prototype', 'partnership', 'investment', 'general']);
    for (const subject of CONTACT_SUBJECTS) {
      expect(contactInput.safeParse({ ...valid, subject }).success).toBe(true);
    }
    expect(errorFor({ ...valid, subject: 'press' }, 'subject')).toBe('Please choose a subject');
    expect(errorFor({ ...valid, subject: '' }, 'subject')).toBe('Please choose a subject');
    expect(errorFor({ ...valid, subject: 'Partnership Inquiry' }, 'subject')).toBe('Please choose a subject');
  });

  it('requires all four fields', () => {
    const result = contactInput.safeParse({});
    expect(result.success).toBe(false);
    if (result.success) return;
    const fields = result.error.issues.map((issue) => issue.path[0]).sort();
    expect(fields).toEqual(['email', 'message', 'name', 'subject']);
  });

  it('rejects a blank name, including one of only spaces', () => {
    expect(errorFor({ ...valid, name: '' }, 'name')).toBe('Name is required');
    expect(errorFor({ ...valid, name: '   ' }, 'name')).toBe('Name is required');
  });

  it('trims the name and bounds it at 200 characters', () => {
    expect(contactInput.parse({ ...valid, name: '  Ada  ' }).name).toBe('Ada');
    expect(contactInput.safeParse({ ...valid, name: 'a'.repeat(200) }).success).toBe(true);
    expect(errorFor({ ...valid, name: 'a'.repeat(201) }, 'name')).toBe('Name must be at most 200 characters');
  });

  it('rejects an invalid e-mail address and normalises a valid one', () => {
    expect(errorFor({ ...valid, email: 'not-an-email' }, 'email')).toBe('Invalid email address');
    expect(errorFor({ ...valid, email: '' }, 'email')).toBe('Email is required');
    expect(errorFor({ ...valid, email: '   ' }, 'email')).toBe('Email is required');
    expect(contactInput.parse({ ...valid, email: '  Ada@Example.COM ' }).email).toBe('ada@example.com');
  });

  it('rejects a blank message and bounds it at 5000 characters', () => {
    expect(errorFor({ ...valid, message: ' \n ' }, 'message')).toBe('Message is required');
    expect(contactInput.safeParse({ ...valid, message: 'm'.repeat(5000) }).success).toBe(true);
    expect(errorFor({ ...valid, message: 'm'.repeat(5001) }, 'message')).toBe('Message must be at most 5000 characters');
  });

  it('rejects non-string values', () => {
    expect(contactInput.safeParse({ ...valid, name: 42 }).success).toBe(false);
    expect(contactInput.safeParse({ ...valid, message: null }).success).toBe(false);
  });
});
