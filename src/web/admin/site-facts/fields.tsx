import { type FieldValues, type Path, useFormContext } from 'react-hook-form';
import { Field, inputClass, useFieldState } from '../ui/form';

/** Pounds per hour: a £ before the box, the phone's decimal keyboard; the form turns the text into a number. */
export function PoundsField<Values extends FieldValues>({ name, label }: { name: Path<Values>; label: string }) {
  const { register } = useFormContext<Values>();
  const { id, error, aria } = useFieldState(name);
  return (
    <Field name={name} label={label}>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute left-3 top-3 text-slate-700">
          £
        </span>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          {...register(name)}
          {...aria}
          className={`${inputClass(!!error)} pl-7`}
        />
      </div>
    </Field>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField<Values extends FieldValues>({ name, label }: { name: Path<Values>; label: string }) {
  const { register } = useFormContext<Values>();
  const { id } = useFieldState(name);
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" {...register(name)} className="h-4 w-4" />
      <label htmlFor={id} className="font-medium text-slate-900">
        {label}
      </label>
    </div>
  );
}

/** The message of a whole list or group (`Choose at least one day`), wherever the form keeps it. */
export function GroupError({ name }: { name: string }) {
  const { errorId, error } = useFieldState(name);
  const { getFieldState, formState } = useFormContext();
  const root = (getFieldState(name, formState).error as { root?: { message?: string } } | undefined)?.root?.message;
  const message = error ?? root;
  return message ? (
    <p id={errorId} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}
