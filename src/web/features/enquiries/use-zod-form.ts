import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';

type Values<Field extends string> = Record<Field, string>;
type Errors<Field extends string> = Partial<Record<Field, string>>;
type Control = HTMLInputElement | HTMLTextAreaElement;

/** What the hook needs of a zod schema (a shared zod/mini schema has it). */
interface Schema {
  safeParse(data: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** The schema is fetched on first submit: zod stays out of the script a first visit downloads. */
export type SchemaLoader = () => Promise<Schema>;

/**
 * The few things the forms need from a form library, in about 1 kB: validate with the shared zod
 * schema on submit, then on every change; focus the first invalid field; errors linked to their
 * fields. (react-hook-form does this too, but its ~10 kB would push the home page's script past
 * the 100 kB budget: docs/decisions/0055-form-hook.md.)
 */
export function useZodForm<Field extends string>(loadSchema: SchemaLoader, initial: Values<Field>, idPrefix: string) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [pending, setPending] = useState(false);
  const submitted = useRef(false);
  const elements = useRef(new Map<Field, Control | null>());

  const validate = async (next: Values<Field>): Promise<Errors<Field>> => {
    const result = (await loadSchema()).safeParse(next);
    const found: Errors<Field> = {};
    for (const issue of result.error?.issues ?? []) found[issue.path[0] as Field] ??= issue.message;
    return found;
  };

  const field = (name: Field) => {
    const id = `${idPrefix}-${name}`;
    const error = errors[name];
    return {
      id,
      name,
      value: values[name],
      ref: (element: Control | null) => void elements.current.set(name, element),
      onChange: (event: ChangeEvent<Control>) => {
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        if (submitted.current) void validate(next).then(setErrors);
      },
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      error,
    };
  };

  /**
   * Validates, then either shows the errors and focuses the first invalid field, or runs `send`
   * with the values and the form element while `pending` is true. `send` resolving true clears
   * the form (success); false keeps every value (failure).
   */
  const handleSubmit =
    (send: (values: Values<Field>, form: HTMLFormElement) => Promise<boolean>) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (pending) return;
      const form = event.currentTarget;
      submitted.current = true;
      setPending(true);
      try {
        const found = await validate(values);
        setErrors(found);
        const invalid = (Object.keys(initial) as Field[]).find((name) => found[name]);
        if (invalid) elements.current.get(invalid)?.focus();
        else if (await send(values, form)) {
          submitted.current = false;
          setValues(initial);
        }
      } finally {
        setPending(false);
      }
    };

  return { field, handleSubmit, pending, idPrefix };
}

/** A form's state and handlers, as `useZodForm` returns them. */
export type ZodForm<Field extends string> = ReturnType<typeof useZodForm<Field>>;
