// The classification screen's form schema: radio values and text become the classify input, with the
// same rules and messages as the server's schema.
import { describe, expect, it } from 'vitest';
import {
  CITIZENSHIPS_REQUIRED,
  CLASSIFICATION_INVALID,
  authorizationFormInput,
  classificationFormInput,
  emptyClassificationForm,
  exportStatusFormInput,
} from './export-control.ts';

describe('classificationFormInput', () => {
  it('turns the form into the classify input: yes/no to a boolean, the ECCN upper case, an empty note to null', () => {
    const parsed = classificationFormInput.parse({ jurisdiction: 'ear', classification: ' 1e201 ', controlled: 'yes', basis: 'counsel', note: '' });
    expect(parsed).toEqual({ jurisdiction: 'ear', classification: '1E201', controlled: true, basis: 'counsel', note: null });
    expect(classificationFormInput.parse({ jurisdiction: 'part810', classification: 'PART810', controlled: 'no', basis: 'doe', note: 'x' })).toMatchObject({
      classification: 'part810',
      controlled: false,
    });
  });

  it('says what is missing or wrong, one message per field', () => {
    const result = classificationFormInput.safeParse(emptyClassificationForm);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(messages).toMatchObject({
      jurisdiction: 'Please choose the jurisdiction',
      classification: CLASSIFICATION_INVALID,
      controlled: 'Please say whether the item is controlled',
      basis: 'Please choose the basis',
    });
  });
});

const USER = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';

describe('exportStatusFormInput', () => {
  it('reads the citizenships as typed (commas or spaces, any case) and keeps them for a foreign person only', () => {
    expect(exportStatusFormInput.parse({ id: USER, status: 'foreign_person', citizenships: 'de, in ;fr', note: '' })).toEqual({
      id: USER,
      status: 'foreign_person',
      citizenships: ['DE', 'IN', 'FR'],
      note: null,
    });
    expect(exportStatusFormInput.parse({ id: USER, status: 'us_person', citizenships: 'DE', note: 'Passport seen' })).toMatchObject({ citizenships: [] });
    const missing = exportStatusFormInput.safeParse({ id: USER, status: 'foreign_person', citizenships: ' ', note: '' });
    expect(missing.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([['citizenships', CITIZENSHIPS_REQUIRED]]);
  });
});

describe('authorizationFormInput', () => {
  it('takes the chosen prototype and the last valid day, which ends at midnight UTC', () => {
    expect(authorizationFormInput.parse({ id: USER, prototypeId: '12', reference: ' DE-2026-0042 ', expiresAt: '2027-01-31', note: '' })).toEqual({
      id: USER,
      prototypeId: 12,
      reference: 'DE-2026-0042',
      expiresAt: new Date('2027-01-31T23:59:59.999Z'),
      note: null,
    });
  });

  it('says what is missing', () => {
    const result = authorizationFormInput.safeParse({ id: USER, prototypeId: '', reference: '', expiresAt: '', note: '' });
    expect(Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]))).toEqual({
      prototypeId: 'Please choose the prototype',
      expiresAt: 'Please give the last day it is valid',
    });
  });
});
