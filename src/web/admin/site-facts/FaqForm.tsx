import { type FaqItem, faqPlaceholders } from '../../../shared/site-facts/site-facts';
import { TextField } from '../ui/form';
import { ListEditor } from './ListEditor';
import { type PartProps, SectionForm } from './SectionForm';
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
export function FaqForm({ current, generation, onReload, reloading, track }: PartProps) {
  const state = useSectionForm({ section: 'faq', current, generation, toForm, toValue, fieldOf: listFieldOf, track });
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
  return (
    <ListEditor<FaqFormValues, 'items'>
      name="items"
      rowLegend={(index) => `Question ${index + 1}`}
      addLabel="Add a question"
      newRow={() => ({ question: '', answer: '', shown: true })}
      movable
      shownToggle
    >
      {(index) => (
        <>
          <TextField name={`items.${index}.question`} label="Question" />
          <TextField name={`items.${index}.answer`} label="Answer" rows={4} />
        </>
      )}
    </ListEditor>
  );
}
