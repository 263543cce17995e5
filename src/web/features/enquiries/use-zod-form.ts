import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import * as core from 'zod/v4/core';

type Values<Field extends string> = Record<Field, string>;
type Errors<Field extends string> = Partial<Record<Field, string>>;

/**
 * The few things the forms need from a form library, in about 1 kB: validate with the shared zod
 * schema on submit, then on every change; focus the first invalid field; errors linked to their
 * fields. (react-hook-form does this too, but at ~10 kB it would push the home page's script past
 * its 100 kB budget: docs/decisions/0302-form-hook.md.)
 */
export function useZodForm<Field extends string>(schema: core.$ZodType, initial: Values<Field>, idPrefix: string) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<Field>>({});
  const submitted = useRef(false);
  const elements = useRef(new Map<Field, HTMLInputElement | HTMLTextAreaElement | null>());

  const validate = (next: Values<Field>): Errors<Field> => {
    const result = core.safeParse(schema, next);
    const found: Errors<Field> = {};
    for (const issue of result.success ? [] : result.error.issues) {
      const field = issue.path[0] as Field;
      found[field] ??= issue.message;
    }
    return found;
  };

  const field = (name: Field) => {
    const id = `${idPrefix}-${name}`;
    const error = errors[name];
    return {
      id,
      name,
      value: values[name],
      ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => void elements.current.set(name, element),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        if (submitted.current) setErrors(validate(next));
      },
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      error,
    };
  };

  /** Runs `onValid` with the values and the form element, or shows the errors and focuses the first invalid field. */
  const handleSubmit =
    (onValid: (values: Values<Field>, form: HTMLFormElement) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      submitted.current = true;
      const found = validate(values);
      setErrors(found);
      const invalid = (Object.keys(initial) as Field[]).find((name) => found[name]);
      if (invalid) elements.current.get(invalid)?.focus();
      else onValid(values, event.currentTarget);
    };

  const reset = () => {
    submitted.current = false;
    setValues(initial);
    setErrors({});
  };

  return { field, handleSubmit, reset, values };
}
