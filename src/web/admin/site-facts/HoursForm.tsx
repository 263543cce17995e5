import { useWatch } from 'react-hook-form';
import {
  type Closure,
  type DeclaredHours,
  type OpeningHours,
  type ShownHours,
} from '../../../shared/site-facts/site-facts';
import { TextField } from '../ui/form';
import { CheckboxField } from './fields';
import { ListEditor } from './ListEditor';
import { type PartProps, SectionForm } from './SectionForm';
import type { FieldOf } from './section-form';
import { useSectionForm } from './use-section-form';
import { WeekHoursRows, weekHoursOf } from './WeekHoursRows';

/** A closure as typed: "Closed all day" ticked, or the special hours' two times. */
interface ClosureRow {
  id?: string;
  from: string;
  to: string;
  closedAllDay: boolean;
  opens: string;
  closes: string;
  note: string;
}

export interface HoursFormValues {
  shown: ShownHours[];
  declared: DeclaredHours[];
  closures: ClosureRow[];
}

const toForm = (hours: OpeningHours): HoursFormValues => ({
  shown: hours.shown,
  declared: hours.declared,
  closures: hours.closures.map(({ opens, closes, ...closure }) => ({
    ...closure,
    closedAllDay: opens === null,
    opens: opens ?? '',
    closes: closes ?? '',
  })),
});

const toValue = (form: HoursFormValues): OpeningHours => ({
  shown: form.shown,
  declared: weekHoursOf(form.declared),
  // A new closure has no id yet: the server gives it one.
  closures: form.closures.map(
    ({ closedAllDay, opens, closes, ...closure }) =>
      ({ ...closure, opens: closedAllDay ? null : opens, closes: closedAllDay ? null : closes }) as Closure,
  ),
});

/** A row's field (`closures.0.to`); a day of a row names its days (`declared.0.days`). */
const fieldOf: FieldOf = (path) => path.slice(0, 3).map(String).join('.');

const row = 'grid gap-3 sm:grid-cols-3';

/** The hours the contact page shows, those given to search engines, and closures: the editors'. */
export function HoursForm({ current, generation, onReload, reloading, track }: PartProps) {
  const state = useSectionForm({ section: 'hours', current, generation, toForm, toValue, fieldOf, track });
  return (
    <SectionForm state={state} onReload={onReload} reloading={reloading}>
      <ShownRows />
      <DeclaredRows />
      <ClosureRows />
    </SectionForm>
  );
}

function ShownRows() {
  return (
    <ListEditor<HoursFormValues, 'shown'>
      name="shown"
      legend="Hours on the contact page"
      rowLegend={(index) => `Contact page hours ${index + 1}`}
      addLabel="Add contact page hours"
      newRow={() => ({ days: '', opens: '', closes: '' })}
    >
      {(index) => (
        <div className={row}>
          <TextField name={`shown.${index}.days`} label="Days" hint="As the page prints them: Mon-Fri" />
          <TextField name={`shown.${index}.opens`} label="Opens" type="time" />
          <TextField name={`shown.${index}.closes`} label="Closes" type="time" />
        </div>
      )}
    </ListEditor>
  );
}

function DeclaredRows() {
  return (
    <WeekHoursRows<HoursFormValues, 'declared'>
      name="declared"
      legend="Hours given to search engines"
      rowLegend={(index) => `Search engine hours ${index + 1}`}
      addLabel="Add search engine hours"
    />
  );
}

function ClosureRows() {
  return (
    <ListEditor<HoursFormValues, 'closures'>
      name="closures"
      legend="Closures and special hours"
      intro={
        <p className="text-sm text-slate-700">
          The contact page lists those starting within 60 days; each drops off by itself after its last day.
        </p>
      }
      rowLegend={(index) => `Closure ${index + 1}`}
      addLabel="Add a closure"
      newRow={() => ({ from: '', to: '', closedAllDay: true, opens: '', closes: '', note: '' })}
    >
      {(index) => <ClosureFields index={index} />}
    </ListEditor>
  );
}

function ClosureFields({ index }: { index: number }) {
  const closedAllDay = useWatch<HoursFormValues, `closures.${number}.closedAllDay`>({
    name: `closures.${index}.closedAllDay`,
  });
  return (
    <>
      <div className={row}>
        <TextField name={`closures.${index}.from`} label="First day" type="date" />
        <TextField name={`closures.${index}.to`} label="Last day" type="date" />
        <TextField name={`closures.${index}.note`} label="Note" hint="A few words: Christmas" />
      </div>
      <CheckboxField<HoursFormValues> name={`closures.${index}.closedAllDay`} label="Closed all day" />
      {!closedAllDay && (
        <div className={row}>
          <TextField name={`closures.${index}.opens`} label="Special hours open" type="time" />
          <TextField name={`closures.${index}.closes`} label="Special hours close" type="time" />
        </div>
      )}
    </>
  );
}
