import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { HttpError } from '../../lib/http';
import { useStaffApi } from './api';
import { Dialog } from '../ui/Dialog';
import { passkeyFailure, signWithPasskey } from './passkey-ceremony';

/** What the server answers when a change to how an account signs in needs a fresh proof (issue 36). */
const isStepUpNeeded = (error: unknown) =>
  error instanceof HttpError && error.status === 403 && error.body?.code === 'STEP_UP_REQUIRED';

type Ask = () => Promise<void>;
const StepUpContext = createContext<Ask | null>(null);

/**
 * Runs a change to how the person signs in; when the server first wants a fresh proof, asks for
 * it in the "Confirm it’s you" dialog and runs the change again. Cancelling fails the change.
 */
export function useWithProof() {
  const ask = useContext(StepUpContext);
  return useCallback(
    async <T,>(change: () => Promise<T>): Promise<T> => {
      try {
        return await change();
      } catch (error) {
        if (!ask || !isStepUpNeeded(error)) throw error;
        await ask();
        return change();
      }
    },
    [ask],
  );
}

/** Holds the dialog for the account screen; `hasPasskey`/`hasPassword`: which proofs to offer. */
export function StepUpProvider({
  hasPasskey,
  hasPassword,
  children,
}: {
  hasPasskey: boolean;
  hasPassword: boolean;
  children: ReactNode;
}) {
  const waiting = useRef<{ resolve: () => void; reject: (error: Error) => void } | null>(null);
  const [open, setOpen] = useState(false);
  const ask = useCallback<Ask>(
    () =>
      new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject };
        setOpen(true);
      }),
    [],
  );
  const finish = (error?: Error) => {
    const pending = waiting.current;
    waiting.current = null;
    setOpen(false);
    if (error) pending?.reject(error);
    else pending?.resolve();
  };
  return (
    <StepUpContext.Provider value={ask}>
      {children}
      <Dialog
        open={open}
        onOpenChange={(next) => !next && finish(new Error('Not confirmed: nothing was changed.'))}
        title="Confirm it’s you"
        description="Changing how you sign in needs a fresh check: your passkey, or your password and a code."
      >
        {open && <StepUpForm hasPasskey={hasPasskey} hasPassword={hasPassword} onProved={() => finish()} />}
      </Dialog>
    </StepUpContext.Provider>
  );
}

function StepUpForm({
  hasPasskey,
  hasPassword,
  onProved,
}: {
  hasPasskey: boolean;
  hasPassword: boolean;
  onProved: () => void;
}) {
  const staff = useStaffApi();
  const [challenge, setChallenge] = useState<{ next: 'authenticator-app' | 'email-code'; challenge: string } | null>(
    null,
  );
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = async (step: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await step();
    } catch (error) {
      setProblem(
        passkeyFailure(error) ??
          (error instanceof HttpError ? (error.body?.error ?? error.message) : 'That did not work. Please try again.'),
      );
    } finally {
      setBusy(false);
    }
  };
  const withPasskey = () =>
    attempt(async () => {
      const ceremony = await staff.stepUpPasskeyOptions();
      await staff.stepUpPasskey(ceremony.challenge, await signWithPasskey(ceremony));
      onProved();
    });
  const submit = () =>
    attempt(async () => {
      if (!challenge) {
        setChallenge(await staff.stepUpPassword(value));
        setValue('');
      } else {
        await staff.stepUpCode(challenge.challenge, value.trim());
        onProved();
      }
    });
  const label = challenge
    ? challenge.next === 'authenticator-app'
      ? 'Code from your authenticator app'
      : 'Code we e-mailed you'
    : 'Your password';
  return (
    <div className="mt-4 space-y-4">
      {hasPasskey && (
        <button
          type="button"
          disabled={busy}
          onClick={withPasskey}
          className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          Confirm with your passkey
        </button>
      )}
      {hasPassword && (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label className="block">
            <span className="block font-medium text-slate-900">{label}</span>
            <input
              key={label}
              type={challenge ? 'text' : 'password'}
              inputMode={challenge ? 'numeric' : undefined}
              autoComplete={challenge ? 'one-time-code' : 'current-password'}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={problem !== null}
              aria-describedby={problem ? 'step-up-problem' : undefined}
              className="mt-1 w-full max-w-sm rounded-md border border-slate-400 px-3 py-2"
            />
          </label>
          <button
            type="submit"
            disabled={busy || value === ''}
            className="rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-900 disabled:opacity-60"
          >
            {challenge ? 'Confirm' : 'Continue'}
          </button>
        </form>
      )}
      {problem && (
        <p id="step-up-problem" role="alert" className="text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
