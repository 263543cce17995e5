import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { Testimonial } from '../../../shared/site-facts/site-facts';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Field, TextField, inputClass, useFieldState } from '../ui/form';
import { CheckboxField, GroupError, ListRow } from './fields';
import { type PartProps, SectionForm, secondaryButton } from './SectionForm';
import { listFieldOf } from './section-form';
import { useSectionForm } from './use-section-form';

/** A new testimonial has no id until the server gives it one. */
export interface TestimonialsFormValues {
  items: (Omit<Testimonial, 'id'> & { id?: string })[];
}

const toForm = (testimonials: Testimonial[]): TestimonialsFormValues => ({ items: testimonials });
const toValue = (form: TestimonialsFormValues) => form.items as Testimonial[];

/** Parents' words, in the order the home page shows them: the editors'. */
export function TestimonialsForm({ current, generation, onReload, reloading }: PartProps) {
  const state = useSectionForm({ section: 'testimonials', current, generation, toForm, toValue, fieldOf: listFieldOf });
  return (
    <SectionForm state={state} onReload={onReload} reloading={reloading}>
      <TestimonialRows />
    </SectionForm>
  );
}

function TestimonialRows() {
  const { fields, append, move, remove } = useFieldArray<TestimonialsFormValues, 'items', 'key'>({
    name: 'items',
    keyName: 'key',
  });
  const [deleting, setDeleting] = useState<number | null>(null);
  return (
    <>
      <GroupError name="items" />
      {fields.map((field, index) => (
        <ListRow
          key={field.key}
          legend={`Testimonial ${index + 1}`}
          index={index}
          count={fields.length}
          onMove={move}
          onRemove={() => setDeleting(index)}
        >
          <TextField name={`items.${index}.text`} label="Testimonial" rows={3} />
          <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
            <TextField
              name={`items.${index}.author`}
              label="Author"
              hint="First name and where: Sarah, parent in Acklam"
            />
            <RatingField index={index} />
          </div>
          <CheckboxField<TestimonialsFormValues> name={`items.${index}.shown`} label="Shown on the site" />
        </ListRow>
      ))}
      <button
        type="button"
        onClick={() => append({ text: '', author: '', rating: 5, shown: true })}
        className={secondaryButton}
      >
        Add a testimonial
      </button>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete Testimonial ${(deleting ?? 0) + 1}?`}
        description="Deleting removes it for good, from earlier versions too. To take it off the site for now, hide it."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={false}
        onConfirm={() => {
          if (deleting !== null) remove(deleting);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      >
        <p className="mt-2 text-sm text-slate-700">It goes when you save the testimonials.</p>
      </ConfirmDialog>
    </>
  );
}

function RatingField({ index }: { index: number }) {
  const { register } = useFormContext<TestimonialsFormValues>();
  const name = `items.${index}.rating` as const;
  const { id, error, aria } = useFieldState(name);
  return (
    <Field name={name} label="Rating">
      <select id={id} {...register(name, { valueAsNumber: true })} {...aria} className={inputClass(!!error)}>
        {[5, 4, 3, 2, 1].map((stars) => (
          <option key={stars} value={stars}>
            {stars} of 5
          </option>
        ))}
      </select>
    </Field>
  );
}
