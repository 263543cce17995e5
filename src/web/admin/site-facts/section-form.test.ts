import { describe, expect, it } from 'vitest';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';
import { faqSchema, openingHoursSchema } from '../../../shared/site-facts/schemas';
import type { FaqItem, OpeningHours } from '../../../shared/site-facts/site-facts';
import { type FieldOf, formFieldOfServerField, listFieldOf, sectionFormSchema } from './section-form';

/**
 * How a part of /admin/site checks its form with the rules the server applies (decision 0059), and
 * places each message, its own or the server's, at the form's field. Checked with the real FAQ and
 * opening-hours rules, the FAQ's list shape (`items`) and the hours' own field names.
 */
interface FaqForm {
  items: FaqItem[];
}
const faqForm = sectionFormSchema<FaqForm>(faqSchema, (form) => form.items, listFieldOf);
const faq = defaultSiteFacts.faq;

/** The hours form keeps the section's shape; a message goes to the row's field (HoursForm.tsx's rule). */
const hoursFieldOf: FieldOf = (path) => path.slice(0, 3).map(String).join('.');
const hoursForm = sectionFormSchema<OpeningHours>(openingHoursSchema, (form) => form, hoursFieldOf);

/** The form's messages as `field: message`, as react-hook-form would place them. */
const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe("a site-facts part's form schema", () => {
  it('accepts the facts a fresh install starts with', () => {
    expect(faqForm.safeParse({ items: faq }).success).toBe(true);
    expect(hoursForm.safeParse(defaultSiteFacts.hours).success).toBe(true);
  });

  it("gives the section's own messages at the row and field of the list", () => {
    const items = [
      faq[0]!,
      { ...faq[1]!, question: '   ' },
      { ...faq[2]!, answer: 'Call {phone} or {the moon}.' },
      { ...faq[3]!, id: faq[0]!.id },
    ];
    expect(messages(faqForm.safeParse({ items }))).toEqual([
      'items.1.question: Question is required',
      expect.stringMatching(/^items\.2\.answer: \{the moon\} is not a fact the site knows\. Use one of: /),
      'items.3.id: Two items share this id',
    ]);
  });

  it('puts a message about the whole list on the list', () => {
    const items = Array.from({ length: 41 }, (_, index) => ({ ...faq[0]!, id: `q-${index}` }));
    expect(messages(faqForm.safeParse({ items }))).toEqual(['items: Keep at most 40 questions']);
  });

  it("puts a closure's messages at the closure's field, however deep the rule's path", () => {
    const hours: OpeningHours = {
      ...defaultSiteFacts.hours,
      closures: [{ id: 'xmas', from: '2026-12-24', to: '2026-12-22', opens: '10:00', closes: null, note: 'Christmas' }],
    };
    expect(messages(hoursForm.safeParse(hours))).toEqual([
      'closures.0.to: Last day must not be before the first day',
      'closures.0.closes: Give both times for special hours, or neither for a closure',
    ]);
  });
});

describe("the server's field, placed in the form", () => {
  it('takes the part after `value` and names it as the form does', () => {
    expect(formFieldOfServerField('value.closures.0.to', hoursFieldOf)).toBe('closures.0.to');
    expect(formFieldOfServerField('value.3.question', listFieldOf)).toBe('items.3.question');
    expect(formFieldOfServerField('value.3.question.extra', listFieldOf)).toBe('items.3.question');
  });

  it('places nothing for a field that is not in the value, or for the value as a whole', () => {
    for (const field of [undefined, '', 'basedOn', 'valueless', 'values.0', 'section']) {
      expect(formFieldOfServerField(field, listFieldOf), String(field)).toBeUndefined();
    }
    expect(formFieldOfServerField('value', hoursFieldOf)).toBeUndefined();
    // A list's own field is `items`, which the form can show a message at.
    expect(formFieldOfServerField('value', listFieldOf)).toBe('items');
  });

  it("places a server's 400 where the form's own check would have put the same message", () => {
    const items = [{ ...faq[0]!, question: '' }, faq[1]!, { ...faq[2]!, id: faq[1]!.id }];
    const serverIssues = faqSchema.safeParse(items).error!.issues;
    const formIssues = faqForm.safeParse({ items }).error!.issues;
    expect(
      serverIssues.map((issue) => formFieldOfServerField(['value', ...issue.path].join('.'), listFieldOf)),
    ).toEqual(formIssues.map((issue) => issue.path.join('.')));
  });
});
