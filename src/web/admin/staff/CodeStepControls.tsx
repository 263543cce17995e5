import { TextField } from '../ui/form';

const primaryButton =
  'w-full rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60';

/**
 * A code step's field and buttons (sign-in, a recovery link): the code, the step's own button,
 * and for an e-mailed code "Send a new code" (issue 38), with a word once one was sent.
 */
export function CodeStepControls({
  emailed,
  resent,
  submit,
  onAgain,
}: {
  emailed: boolean;
  resent: boolean;
  submit: { label: string; pendingLabel: string; pending: boolean };
  onAgain: { send: () => void; pending: boolean };
}) {
  return (
    <>
      {resent && (
        <p role="status" className="text-slate-700">
          We have sent you a new code. Use the newest one: earlier codes no longer work.
        </p>
      )}
      <TextField name="code" label="Code" autoComplete="one-time-code" />
      <button type="submit" disabled={submit.pending} className={primaryButton}>
        {submit.pending ? submit.pendingLabel : submit.label}
      </button>
      {emailed && (
        <button
          type="button"
          disabled={onAgain.pending}
          onClick={onAgain.send}
          className="w-full rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60"
        >
          {onAgain.pending ? 'Sending…' : 'Send a new code'}
        </button>
      )}
    </>
  );
}
