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

/**
 * A whole number with its unit beside the box ("45 minutes"), the phone's number keyboard; the
 * form turns the text into a number. The unit is read out with the field, so nobody guesses it.
 */
export function NumberField<Values extends FieldValues>({
  name,
  label,
  unit,
  hint,
}: {
  name: Path<Values>;
  label: string;
  unit: string;
  hint?: string;
}) {
  const { register } = useFormContext<Values>();
  const { id, error, errorId } = useFieldState(name);
  const unitId = `${id}-unit`;
  const hintId = `${id}-hint`;
  const describedBy = [unitId, hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <Field name={name} label={label}>
      <div className="flex items-center gap-2">
        <div className="w-24">
          <input
            id={id}
            inputMode="numeric"
            autoComplete="off"
            {...register(name)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={inputClass(!!error)}
          />
        </div>
        <span id={unitId} className="mt-1 text-slate-700">
          {unit}
        </span>
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
    </Field>
  );
}
