// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from '../ui/form';
import { ListEditor } from './ListEditor';

/**
 * The site screen's one list editor (hours, closures, testimonials, the FAQ) in a browser
 * document, in a form of the test's own: the rows' legends name their buttons, Add appends the new
 * row, the arrows move a row where the order means something, the "Shown on the site" box belongs
 * to the row, and Delete removes at once or, where the list asks, after a confirmation.
 */
interface Values {
  items: { text: string; shown: boolean }[];
}

let submitted: Values | null = null;
const record = (values: Values) => {
  submitted = values;
};

function Editor({
  initial,
  movable = false,
  confirm = false,
}: {
  initial: Values['items'];
  movable?: boolean;
  confirm?: boolean;
}) {
  const form = useForm<Values>({ defaultValues: { items: initial } });
  return (
    <FormProvider {...form}>
      <form aria-label="List" onSubmit={form.handleSubmit(record)}>
        <ListEditor<Values, 'items'>
          name="items"
          rowLegend={(index) => `Item ${index + 1}`}
          addLabel="Add an item"
          newRow={() => ({ text: 'new', shown: true })}
          movable={movable}
          shownToggle
          confirmDelete={
            confirm ? { description: 'Gone for good, from earlier versions too.', note: 'It goes on save.' } : undefined
          }
        >
          {(index) => <TextField name={`items.${index}.text`} label="Text" />}
        </ListEditor>
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

const two = [
  { text: 'first', shown: true },
  { text: 'second', shown: false },
];

/** What the form would save, as the browser holds it now. */
async function saved(): Promise<Values['items']> {
  submitted = null;
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).not.toBeNull());
  return submitted!.items;
}

afterEach(cleanup);

describe('ListEditor', () => {
  it('shows each row under its legend, with its own "Shown on the site" box', () => {
    render(<Editor initial={two} />);
    const second = screen.getByRole('group', { name: 'Item 2' });
    expect(within(second).getByLabelText<HTMLInputElement>('Text').value).toBe('second');
    expect(within(second).getByLabelText<HTMLInputElement>('Shown on the site').checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Delete Item 1' })).toBeTruthy();
  });

  it('offers no arrows where the order means nothing (hours, closures)', () => {
    render(<Editor initial={two} />);
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });

  it('adds the new row at the end', async () => {
    render(<Editor initial={two} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add an item' }));
    expect(screen.getByRole('group', { name: 'Item 3' })).toBeTruthy();
    expect(await saved()).toEqual([...two, { text: 'new', shown: true }]);
  });

  it('moves a row up and down, the first and last arrows disabled', async () => {
    render(<Editor initial={[...two, { text: 'third', shown: true }]} movable />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Item 1 up' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Item 3 down' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Item 3 up' }));
    expect((await saved()).map((item) => item.text)).toEqual(['first', 'third', 'second']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Item 1 down' }));
    expect((await saved()).map((item) => item.text)).toEqual(['third', 'first', 'second']);
  });

  it('deletes a row at once when the list does not ask first', async () => {
    render(<Editor initial={two} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Item 1' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await saved()).toEqual([two[1]]);
  });

  it('asks first where the list says so, naming the row; Cancel keeps it', async () => {
    render(<Editor initial={two} confirm />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Item 2' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Item 2?' });
    expect(within(dialog).getByText('Gone for good, from earlier versions too.')).toBeTruthy();
    expect(within(dialog).getByText('It goes on save.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await saved()).toEqual(two);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Item 2' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await saved()).toEqual([two[0]]);
  });
});
