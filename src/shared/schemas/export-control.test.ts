// The classification screen's form schema: radio values and text become the classify input, with the
// same rules and messages as the server's schema.
import { describe, expect, it } from 'vitest';
import { CLASSIFICATION_INVALID, classificationFormInput, emptyClassificationForm } from './export-control.ts';

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
