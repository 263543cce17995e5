import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, type ReactNode, useContext } from 'react';
import {
  Controller,
  type DefaultValues,
  type FieldValues,
  FormProvider,
  type Path,
  type SubmitHandler,
  useForm,
  useFormContext,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { Select } from './Select';

/**
 * The one form pattern of the admin, the sign-in form included: react-hook-form checked by the
 * same zod schema the server uses; errors appear on submit, then update as the user types; the
 * first invalid field gets the focus. The public forms keep their small useZodForm instead, since
 * react-hook-form would not fit the public pages' script budget (decision 0055).
 */
export function useAdminForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
}

/** The prefix of the form's field ids: a field `title` in form `post` is `post-title`. */
const IdPrefix = createContext('field');

/** A `<form>` whose fields below find the form and their ids; the browser's own validation is off. */
export function AdminForm<Values extends FieldValues, Output extends FieldValues>({
  form,
  idPrefix,
  onSubmit,
  className,
  children,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  idPrefix: string;
  onSubmit: SubmitHandler<Output>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <IdPrefix.Provider value={idPrefix}>
        <form onSubmit={form.handleSubmit(onSubmit)} noValidate className={className}>
          {children}
        </form>
      </IdPrefix.Provider>
    </FormProvider>
  );
}

/** A field's id, its error message and the attributes that tie the control to that message. */
export function useFieldState(name: string) {
  const id = `${useContext(IdPrefix)}-${name}`;
  const { getFieldState, formState } = useFormContext();
  const error = getFieldState(name, formState).error?.message;
  const errorId = `${id}-error`;
  return {
    id,
    error,
    errorId,
    aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined },
  };
}

/**
 * Label, control and error message: the layout every admin field shares. `labelOnly` is for a
 * control that is not a labelable element (the rich-text editor): its label is a span it points at.
 */
export function Field({
  name,
  label,
  className,
  labelOnly = false,
  children,
}: {
  name: string;
  label: string;
  className?: string;
  labelOnly?: boolean;
  children: ReactNode;
}) {
  const { id, error, errorId } = useFieldState(name);
  return (
    <div className={className}>
      {labelOnly ? (
        <span id={`${id}-label`} className={labelClass}>
          {label}
        </span>
      ) : (
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
      )}
      {children}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const labelClass = 'block font-medium text-slate-900';
export const inputClass = (invalid: boolean) =>
  `mt-1 w-full rounded-md border px-3 py-2 text-slate-900 ${invalid ? 'border-red-600' : 'border-slate-400'}`;

/** A text input, or a textarea when `rows` is given. */
export function TextField<Values extends FieldValues>({
  name,
  label,
  type = 'text',
  autoComplete,
  rows,
  placeholder,
  maxLength,
  className,
  hint,
}: {
  name: Path<Values>;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'datetime-local' | 'password' | 'date' | 'time';
  autoComplete?: string;
  rows?: number;
  placeholder?: string;
  maxLength?: number;
  className?: string;
  /** A line of help under the control. */
  hint?: string;
}) {
  const { register } = useFormContext<Values>();
  const { id, error, aria } = useFieldState(name);
  const common = { id, placeholder, maxLength, ...register(name), ...aria, className: inputClass(!!error) };
  return (
    <Field name={name} label={label} className={className}>
      {rows ? <textarea rows={rows} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
      {hint && <p className="mt-1 text-xs text-slate-600">{hint}</p>}
    </Field>
  );
}

/** A single choice among fixed options (the Radix Select), held by the form like any field. */
export function SelectField<Values extends FieldValues>({
  name,
  label,
  options,
}: {
  name: Path<Values>;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const { control } = useFormContext<Values>();
  const { id } = useFieldState(name);
  return (
    <Field name={name} label={label}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select id={id} value={String(field.value ?? '')} onChange={field.onChange} options={options} />
        )}
      />
    </Field>
  );
}
