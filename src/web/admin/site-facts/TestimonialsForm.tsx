import { useFormContext } from 'react-hook-form';
import type { Testimonial } from '../../../shared/site-facts/site-facts';
import { Field, TextField, inputClass, useFieldState } from '../ui/form';
import { ListEditor } from './ListEditor';
import { type PartProps, SectionForm } from './SectionForm';
import { listFieldOf } from './section-form';
import { useSectionForm } from './use-section-form';

/** A new testimonial has no id until the server gives it one. */
export interface TestimonialsFormValues {
  items: (Omit<Testimonial, 'id'> & { id?: string })[];
}

const toForm = (testimonials: Testimonial[]): TestimonialsFormValues => ({ items: testimonials });
const toValue = (form: TestimonialsFormValues) => form.items as Testimonial[];

/** Parents' words, in the order the home page shows them: the editors'. */
export function TestimonialsForm({ current, generation, onReload, reloading, track }: PartProps) {
  const state = useSectionForm({
    section: 'testimonials',
    current,
    generation,
    toForm,
    toValue,
    fieldOf: listFieldOf,
    track,
  });
  return (
    <SectionForm state={state} onReload={onReload} reloading={reloading}>
      <TestimonialRows />
    </SectionForm>
  );
}

function TestimonialRows() {
  return (
    <ListEditor<TestimonialsFormValues, 'items'>
      name="items"
      rowLegend={(index) => `Testimonial ${index + 1}`}
      addLabel="Add a testimonial"
      newRow={() => ({ text: '', author: '', rating: 5, shown: true })}
      movable
      shownToggle
      confirmDelete={{
        description:
          'Deleting removes it for good, from earlier versions too. To take it off the site for now, hide it.',
        note: 'It goes when you save the testimonials.',
      }}
    >
      {(index) => (
        <>
          <TextField name={`items.${index}.text`} label="Testimonial" rows={3} />
          <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
            <TextField
              name={`items.${index}.author`}
              label="Author"
              hint="First name and where: Sarah, parent in Acklam"
            />
            <RatingField index={index} />
          </div>
        </>
      )}
    </ListEditor>
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
