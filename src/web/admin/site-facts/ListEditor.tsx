import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { type FieldArray, type FieldArrayPath, type FieldValues, type Path, useFieldArray } from 'react-hook-form';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { CheckboxField, GroupError } from './fields';
import { secondaryButton } from './SectionForm';

/**
 * A list the site screen edits (opening hours, closures, testimonials, the FAQ): its rows, each
 * with its fields and the buttons that move or delete it, the list's message, and the button that
 * adds a row. Written once, so every list offers the same controls under the same names.
 */
export function ListEditor<Values extends FieldValues, Name extends FieldArrayPath<Values>>({
  name,
  legend,
  intro,
  rowLegend,
  addLabel,
  newRow,
  movable = false,
  shownToggle = false,
  confirmDelete,
  children,
}: {
  name: Name;
  /** The list's heading when a part holds several lists (hours): the list is then a fieldset of its own. */
  legend?: string;
  /** A line under the heading. */
  intro?: ReactNode;
  /** A row's legend, which also names its buttons: `Testimonial 2` gives `Move Testimonial 2 up`. */
  rowLegend: (index: number) => string;
  addLabel: string;
  newRow: () => FieldArray<Values, Name>;
  /** The order means something (what the home page shows first): Move up and Move down. */
  movable?: boolean;
  /** The rows carry `shown`: a "Shown on the site" box after their fields. */
  shownToggle?: boolean;
  /** Deleting asks first, with these words; the row goes when staff confirm. */
  confirmDelete?: { description: string; note: string };
  /** A row's own fields. */
  children: (index: number) => ReactNode;
}) {
  const { fields, append, move, remove } = useFieldArray<Values, Name, 'key'>({ name, keyName: 'key' });
  const [deleting, setDeleting] = useState<number | null>(null);
  const rows = (
    <>
      <GroupError name={name} />
      {fields.map((field, index) => (
        <ListRow
          key={field.key}
          legend={rowLegend(index)}
          index={index}
          count={fields.length}
          onMove={movable ? move : undefined}
          onRemove={() => (confirmDelete ? setDeleting(index) : remove(index))}
        >
          {children(index)}
          {shownToggle && (
            <CheckboxField<Values> name={`${name}.${index}.shown` as Path<Values>} label="Shown on the site" />
          )}
        </ListRow>
      ))}
      <button type="button" onClick={() => append(newRow())} className={secondaryButton}>
        {addLabel}
      </button>
      {confirmDelete && (
        <ConfirmDialog
          open={deleting !== null}
          title={`Delete ${rowLegend(deleting ?? 0)}?`}
          description={confirmDelete.description}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={false}
          onConfirm={() => {
            if (deleting !== null) remove(deleting);
            setDeleting(null);
          }}
          onCancel={() => setDeleting(null)}
        >
          <p className="mt-2 text-sm text-slate-700">{confirmDelete.note}</p>
        </ConfirmDialog>
      )}
    </>
  );
  if (legend === undefined) return rows;
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="font-semibold text-slate-900">{legend}</legend>
      {intro}
      {rows}
    </fieldset>
  );
}

/** One row of a list the form edits: a legend, its fields, and the buttons that move or remove it. */
function ListRow({
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
  const row = useRef<HTMLFieldSetElement>(null);
  // The row keeps its element as it moves (rows are keyed by item): follow it, clear of the sticky
  // header (its scroll margin), and keep focus on the arrow pressed so pressing again moves it on.
  const move = (to: number, direction: 'up' | 'down') => {
    onMove?.(index, to);
    requestAnimationFrame(() => {
      row.current?.scrollIntoView({ block: 'nearest' });
      const buttons = row.current?.querySelectorAll<HTMLButtonElement>('[data-move]') ?? [];
      const pressed = [...buttons].find((button) => button.dataset.move === direction);
      const other = [...buttons].find((button) => button.dataset.move !== direction);
      (pressed && !pressed.disabled ? pressed : other)?.focus({ preventScroll: true });
    });
  };
  return (
    <fieldset ref={row} className="min-w-0 scroll-mt-24 rounded-lg border border-slate-300 p-4">
      <legend className="px-1 font-semibold text-slate-900">{legend}</legend>
      <div className="space-y-3">{children}</div>
      <div className="mt-3 flex flex-wrap gap-2">
        {onMove && (
          <>
            <button
              type="button"
              aria-label={`Move ${legend} up`}
              data-move="up"
              disabled={index === 0}
              onClick={() => move(index - 1, 'up')}
              className={iconButton}
            >
              <ArrowUp className="h-4 w-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              aria-label={`Move ${legend} down`}
              data-move="down"
              disabled={index === count - 1}
              onClick={() => move(index + 1, 'down')}
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
