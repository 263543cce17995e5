import type { ReactNode } from 'react';
import { type FieldArray, type FieldArrayPath, type FieldValues, type Path, useFormContext } from 'react-hook-form';
import { type DeclaredHours, weekDays } from '../../../shared/site-facts/site-facts';
import { TextField } from '../ui/form';
import { GroupError } from './fields';
import { ListEditor } from './ListEditor';

/**
 * Rows of weekly hours, each some days ticked with an opening and a closing time: the hours
 * given to search engines (HoursForm) and the times the free assessment is offered
 * (AssessmentForm). Written once, so both read and behave the same.
 */
export function WeekHoursRows<Values extends FieldValues, Name extends FieldArrayPath<Values>>({
  name,
  legend,
  intro,
  rowLegend,
  addLabel,
}: {
  name: Name;
  legend: string;
  intro?: ReactNode;
  rowLegend: (index: number) => string;
  addLabel: string;
}) {
  const { register } = useFormContext<Values>();
  const field = (index: number, part: keyof DeclaredHours) => `${name}.${index}.${part}` as Path<Values>;
  return (
    <ListEditor<Values, Name>
      name={name}
      legend={legend}
      intro={intro}
      rowLegend={rowLegend}
      addLabel={addLabel}
      newRow={() => ({ days: [], opens: '', closes: '' }) as FieldArray<Values, Name>}
    >
      {(index) => (
        <>
          <fieldset>
            <legend className="font-medium text-slate-900">Days</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
              {weekDays.map((day) => (
                <label key={day} className="flex items-center gap-2">
                  <input type="checkbox" value={day} {...register(field(index, 'days'))} className="h-4 w-4" />
                  {day}
                </label>
              ))}
            </div>
            <GroupError name={field(index, 'days')} />
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField<Values> name={field(index, 'opens')} label="Opens" type="time" />
            <TextField<Values> name={field(index, 'closes')} label="Closes" type="time" />
          </div>
        </>
      )}
    </ListEditor>
  );
}

/**
 * The rows as the rules read them: unticking every day leaves the browser's false, not an empty
 * list; the fields in one order, so an unchanged row reads as unchanged.
 */
export const weekHoursOf = (rows: readonly DeclaredHours[]): DeclaredHours[] =>
  rows.map(({ days, opens, closes }) => ({ days: Array.isArray(days) ? days : [], opens, closes }));
