import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type { PostedForm } from '../../../shared/enquiries/form-post';

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
export function useZodForm<Field extends string>(
  loadSchema: SchemaLoader,
  initial: Values<Field>,
  idPrefix: string,
  posted?: PostedForm,
) {
  // A form the browser posted without script comes back with its values and messages (form-post.ts).
  const [values, setValues] = useState(() => startValues(initial, posted));
  const [errors, setErrors] = useState<Errors<Field>>(() => startErrors(initial, posted));
  const [pending, setPending] = useState(false);
  const submitted = useRef(posted !== undefined);
  // Without script the browser focuses the first field at fault (or the first field, for a message
  // about the whole form); React focuses nothing on hydration, so this never moves focus later.
  const [autoFocusField] = useState(() => (posted ? firstField(initial, startErrors(initial, posted)) : undefined));
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
      autoFocus: name === autoFocusField ? true : undefined,
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

/** The posted values of the form's own fields (nothing else the body held), else the empty form. */
function startValues<Field extends string>(initial: Values<Field>, posted: PostedForm | undefined): Values<Field> {
  const values = { ...initial };
  for (const name of Object.keys(initial) as Field[]) {
    const value = posted?.values[name];
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}

function startErrors<Field extends string>(initial: Values<Field>, posted: PostedForm | undefined): Errors<Field> {
  const errors: Errors<Field> = {};
  for (const name of Object.keys(initial) as Field[]) {
    const message = posted?.errors[name];
    if (typeof message === 'string') errors[name] = message;
  }
  return errors;
}

const firstField = <Field extends string>(initial: Values<Field>, errors: Errors<Field>) => {
  const names = Object.keys(initial) as Field[];
  return names.find((name) => errors[name]) ?? names[0];
};

/** A form's state and handlers, as `useZodForm` returns them. */
export type ZodForm<Field extends string> = ReturnType<typeof useZodForm<Field>>;
