import { z } from 'zod';
import type { FieldValues } from 'react-hook-form';
import type { SiteFactSection } from '../../../shared/site-facts/site-facts';
import type { SitePreviewPage } from './api';

/** A problem's place in a section's value (`['pricing', 'classroom', 'primary']`), as the form names its field. */
export type FieldOf = (path: readonly PropertyKey[]) => string;

/**
 * The pages each part can preview: the two where the facts show most; the booking settings
 * show on the free assessment page, where parents pick a time; the replies' settings nowhere.
 */
export const sectionPreviewPages: Record<SiteFactSection, readonly SitePreviewPage[]> = {
  details: ['home', 'contact'],
  hours: ['home', 'contact'],
  testimonials: ['home', 'contact'],
  faq: ['home', 'contact'],
  assessment: ['free-assessment'],
  // How the office answers shows on no public page.
  replies: [],
};

/** A preview page as its button and dialog name it ('free assessment page'). */
export const previewPageName = (page: SitePreviewPage) => `${page.replace('-', ' ')} page`;

/**
 * A form's values checked by its section's own rules, the ones the server applies
 * (`siteFactSectionSchemas`), so each message is written once; each problem is placed at the
 * form field `fieldOf` names, as a 400 from the server is.
 */
export function sectionFormSchema<Form extends FieldValues>(
  rules: z.ZodType,
  toValue: (form: Form) => unknown,
  fieldOf: FieldOf,
) {
  return z.custom<Form>().superRefine((form, context) => {
    const result = rules.safeParse(toValue(form));
    for (const issue of result.error?.issues ?? []) {
      context.addIssue({ code: 'custom', message: issue.message, path: fieldOf(issue.path).split('.') });
    }
  });
}

/** A server's field (`value.closures.0.to`) as the form's: the part after `value`, placed by `fieldOf`. */
export function formFieldOfServerField(field: string | undefined, fieldOf: FieldOf): string | undefined {
  if (!field || (field !== 'value' && !field.startsWith('value.'))) return undefined;
  return fieldOf(field.split('.').slice(1)) || undefined;
}

/** A list's rows are `items` in the form, since a form's values are an object. */
export const listFieldOf: FieldOf = (path) => ['items', ...path.map(String)].slice(0, 3).join('.');
