import { useId, useState } from 'react';
import type { ReplySettings } from '../../../shared/enquiries/reply-settings';
import { type EnquiryStage, type Stage, type StageMove, stageLabels, stages } from '../../../shared/enquiries/stages';
import { formatAdminDate } from '../ui/date-format';

/**
 * Where an enquiry stands, who moved it there, and the way to move it (issue 50): a choice of stage,
 * a reason when it is Not going ahead, and Move. The move names the stage shown here, so if
 * someone else moved it meanwhile the server refuses and says where it stands.
 */
export function StageControl({
  stage,
  reasons,
  moving,
  onMove,
}: {
  stage: EnquiryStage;
  reasons: ReplySettings['reasons'];
  moving: boolean;
  onMove: (move: StageMove) => void;
}) {
  const id = useId();
  const [to, setTo] = useState<Stage>(stage.stage);
  const [reason, setReason] = useState('');
  const changed = to !== stage.stage;
  const needsReason = to === 'not-going-ahead';
  return (
    <div className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <p className="text-sm text-slate-800" data-testid="enquiry-stage">
        <span className="font-semibold">{stageLabels[stage.stage]}</span>
        {stage.reason && <> ({stage.reason})</>}
        {stage.movedBy && stage.movedAt && (
          <>
            {' '}
            · moved by <bdi>{stage.movedBy}</bdi>, {formatAdminDate(stage.movedAt)}
          </>
        )}
      </p>
      <form
        className="mt-2 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!changed || (needsReason && !reason)) return;
          onMove({ from: stage.stage, to, ...(needsReason && { reason }) });
        }}
      >
        <div>
          <label htmlFor={`${id}-stage`} className="block text-sm font-medium text-slate-900">
            Stage
          </label>
          <select
            id={`${id}-stage`}
            value={to}
            onChange={(event) => setTo(event.target.value as Stage)}
            className="mt-1 rounded-md border border-slate-400 bg-white px-2 py-1.5"
          >
            <StageOptions />
          </select>
        </div>
        {needsReason && (
          <div>
            <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-900">
              Why not
            </label>
            <select
              id={`${id}-reason`}
              value={reason}
              required
              onChange={(event) => setReason(event.target.value)}
              className="mt-1 rounded-md border border-slate-400 bg-white px-2 py-1.5"
            >
              <option value="">Choose a reason</option>
              {reasons.map((each) => (
                <option key={each} value={each}>
                  {each}
                </option>
              ))}
            </select>
          </div>
        )}
        <button
          type="submit"
          disabled={!changed || moving || (needsReason && !reason)}
          className="rounded-md bg-sky-700 px-3 py-1.5 font-semibold text-white hover:bg-sky-800 disabled:opacity-60"
        >
          {moving ? 'Moving...' : 'Move'}
        </button>
      </form>
    </div>
  );
}

/** Every stage as a choice, in order, named as the cards name it (the card's move and the inbox's filter). */
export function StageOptions() {
  return stages.map((each) => (
    <option key={each} value={each}>
      {stageLabels[each]}
    </option>
  ));
}
