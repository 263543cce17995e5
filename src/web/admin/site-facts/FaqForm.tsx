import { useFieldArray } from 'react-hook-form';
import { type FaqItem, faqPlaceholders } from '../../../shared/site-facts/site-facts';
import { TextField } from '../ui/form';
import { CheckboxField, GroupError, ListRow } from './fields';
import { type PartProps, SectionForm, secondaryButton } from './SectionForm';
import { listFieldOf } from './section-form';
import { useSectionForm } from './use-section-form';

/** A new question has no id until the server gives it one. */
export interface FaqFormValues {
  items: (Omit<FaqItem, 'id'> & { id?: string })[];
}

const toForm = (faq: FaqItem[]): FaqFormValues => ({ items: faq });
const toValue = (form: FaqFormValues) => form.items as FaqItem[];

const placeholderList = Object.keys(faqPlaceholders)
  .map((name) => `{${name}}`)
  .join(', ');

/** The questions parents ask, in the order the home page shows them: the editors'. */
export function FaqForm({ current, generation, onReload, reloading }: PartProps) {
  const state = useSectionForm({ section: 'faq', current, generation, toForm, toValue, fieldOf: listFieldOf });
  return (
    <SectionForm
      state={state}
      onReload={onReload}
      reloading={reloading}
      intro={
        <p className="mt-1 text-slate-700">
          Answers can name facts in braces, so they follow the details when those change: write{' '}
          <code>{'{classroom primary price}'}</code> to show the current price. The facts: {placeholderList}.
        </p>
      }
    >
      <FaqRows />
    </SectionForm>
  );
}

function FaqRows() {
  const { fields, append, move, remove } = useFieldArray<FaqFormValues, 'items', 'key'>({
    name: 'items',
    keyName: 'key',
  });
  return (
    <>
      <GroupError name="items" />
      {fields.map((field, index) => (
        <ListRow
          key={field.key}
          legend={`Question ${index + 1}`}
          index={index}
          count={fields.length}
          onMove={move}
          onRemove={() => remove(index)}
        >
          <TextField name={`items.${index}.question`} label="Question" />
          <TextField name={`items.${index}.answer`} label="Answer" rows={4} />
          <CheckboxField<FaqFormValues> name={`items.${index}.shown`} label="Shown on the site" />
        </ListRow>
      ))}
      <button
        type="button"
        onClick={() => append({ question: '', answer: '', shown: true })}
        className={secondaryButton}
      >
        Add a question
      </button>
    </>
  );
}
