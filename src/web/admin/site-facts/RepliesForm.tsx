import { type ReplySettings, replySettingsOf } from '../../../shared/enquiries/reply-settings';
import { TextField } from '../ui/form';
import { ListEditor } from './ListEditor';
import { type PartProps, SectionForm } from './SectionForm';
import type { FieldOf } from './section-form';
import { useSectionForm } from './use-section-form';

/** The target as typed, in hours ('1', '1.5', '0.25'), and the reasons as rows (a list edits objects). */
export interface RepliesFormValues {
  targetHours: string;
  reasons: { text: string }[];
}

const toForm = (settings: ReplySettings): RepliesFormValues => ({
  targetHours: String(settings.targetMinutes / 60),
  reasons: settings.reasons.map((text) => ({ text })),
});

/** '1.5' hours as 90 minutes; anything that is not a number stays not one, which the rules name. */
const toValue = (form: RepliesFormValues): ReplySettings => ({
  targetMinutes: /^\d{1,5}(?:\.\d{1,2})?$/.test(form.targetHours.trim())
    ? Math.round(Number(form.targetHours.trim()) * 60)
    : Number.NaN,
  reasons: form.reasons.map((row) => row.text),
});

/** The target's message at its box; a reason's at its row, the list's above the rows. */
const fieldOf: FieldOf = (path) => {
  if (path[0] === 'targetMinutes') return 'targetHours';
  return path.length > 1 ? `reasons.${String(path[1])}.text` : 'reasons';
};

/** How the office answers families (issue 50): the owners'. */
export function RepliesForm({ current, generation, onReload, reloading, track }: PartProps) {
  const state = useSectionForm({
    section: 'replies',
    current,
    generation,
    toForm,
    toValue,
    fieldOf,
    track,
    partOf: replySettingsOf,
  });
  return (
    <SectionForm
      state={state}
      onReload={onReload}
      reloading={reloading}
      intro={
        <p className="mt-1 text-slate-700">
          How soon the office aims to answer a new enquiry, counted in opening hours (closures and special hours
          included), and the reasons staff can give when a family is not going ahead. Nothing here shows on the public
          pages.
          {current.facts.replies === null && ' Nobody has changed these yet, so the suggested settings are shown.'}
        </p>
      }
    >
      <TextField<RepliesFormValues>
        name="targetHours"
        label="Reply target, in opening hours"
        hint="From 0.25 (a quarter of an hour) to 100. An enquiry still New after this long is shown in red."
      />
      <ListEditor<RepliesFormValues, 'reasons'>
        name="reasons"
        legend="Reasons for Not going ahead"
        rowLegend={(index) => `Reason ${index + 1}`}
        addLabel="Add a reason"
        newRow={() => ({ text: '' })}
        movable
      >
        {(index) => <TextField<RepliesFormValues> name={`reasons.${index}.text`} label="Reason" />}
      </ListEditor>
    </SectionForm>
  );
}
