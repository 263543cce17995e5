import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
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

/** One row of a list the form edits: a legend, its fields, and the buttons that move or remove it. */
export function ListRow({
  legend,
  index,
  count,
  onMove,
  onRemove,
  children,
}: {
  /** Also names the buttons: `Move Testimonial 2 up`. */
  legend: string;
  index: number;
  count: number;
  /** Absent for a list whose order means nothing (hours, closures). */
  onMove?: (from: number, to: number) => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  const iconButton = 'rounded-md border border-slate-300 p-2 text-slate-800 hover:bg-slate-50 disabled:opacity-40';
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-300 p-4">
      <legend className="px-1 font-semibold text-slate-900">{legend}</legend>
      <div className="space-y-3">{children}</div>
      <div className="mt-3 flex flex-wrap gap-2">
        {onMove && (
          <>
            <button
              type="button"
              aria-label={`Move ${legend} up`}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
              className={iconButton}
            >
              <ArrowUp className="h-4 w-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              aria-label={`Move ${legend} down`}
              disabled={index === count - 1}
              onClick={() => onMove(index, index + 1)}
              className={iconButton}
            >
              <ArrowDown className="h-4 w-4" aria-hidden="true" />
            </button>
          </>
        )}
        <button
          type="button"
          aria-label={`Delete ${legend}`}
          onClick={onRemove}
          className={`${iconButton} ml-auto text-red-700`}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </fieldset>
  );
}
