import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { isIpAddressHost, PASSKEYS_NEED_A_NAME } from '../../../shared/staff/passkey-host';
import type { AdminSessionInfo } from '../../../shared/admin-session';
import { passwordSignInSchema } from '../../../shared/staff/schemas';
import type { SignInNextStep } from '../../../shared/staff/staff';
import { errorText } from '../../lib/http';
import { useAdminMutation } from '../admin-mutation';
import { LoginForm } from '../LoginForm';
import { AdminForm, TextField, useAdminForm } from '../ui/form';
import { CodeStepControls } from './CodeStepControls';
import { ForgotPassword } from './ForgotPassword';
import { passkeyFailure } from './passkey-ceremony';
import { signInApi } from './sign-in-api';

const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the six-digit code.'),
});

const primaryButton =
  'w-full rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60';

/** Why a step failed, for the notice above the form. */
const failureText = (error: unknown) =>
  passkeyFailure(error) ?? errorText(error, 'Could not sign in. Please try again.', 'server');

/**
 * Staff sign in as themselves (decision 0058): with a passkey, or with their e-mail address and
 * password and then a one-time code. The admin key stays below as the break-glass way in.
 */
export function SignInPage({
  onSignedIn,
  onKeyLogin,
  notice,
}: {
  onSignedIn: (info: AdminSessionInfo) => void;
  onKeyLogin: (key: string) => Promise<void>;
  notice: string | null;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [step, setStep] = useState<SignInNextStep | null>(null);
  const [forgot, setForgot] = useState(false);
  /** Said after "Send a new code". */
  const [resent, setResent] = useState(false);
  const passwordForm = useAdminForm(passwordSignInSchema, { email: '', password: '' });
  const codeForm = useAdminForm(codeSchema, { code: '' });
  const failed = { onError: (error: Error) => setProblem(failureText(error)) };

  const passkey = useAdminMutation({ mutationFn: signInApi.passkey, onSuccess: onSignedIn, ...failed });
  const password = useAdminMutation({
    mutationFn: ({ email, password: typed }: z.output<typeof passwordSignInSchema>) => signInApi.password(email, typed),
    onSuccess: (next) => {
      setProblem(null);
      setStep(next);
    },
    ...failed,
  });
  const codeAgain = useAdminMutation({
    mutationFn: () => signInApi.codeAgain(step!.challenge),
    onSuccess: (next) => {
      setProblem(null);
      setStep(next);
      setResent(true);
      codeForm.reset();
    },
    ...failed,
  });
  const code = useAdminMutation({
    mutationFn: (typed: string) => signInApi.code(step!.challenge, typed),
    onSuccess: onSignedIn,
    ...failed,
  });

  const shown = problem ?? notice;
  const passkeysHere = !isIpAddressHost(window.location.hostname);
  return (
    <div className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">Staff sign-in</h1>
      {shown && (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          {shown}
        </p>
      )}
      {forgot ? (
        <ForgotPassword
          onBack={() => {
            setForgot(false);
            setProblem(null);
          }}
        />
      ) : step ? (
        <AdminForm
          form={codeForm}
          idPrefix="sign-in-code"
          onSubmit={({ code: typed }) => code.mutate(typed)}
          className="mt-6 space-y-4"
        >
          <p className="text-slate-700">
            {step.next === 'authenticator-app'
              ? 'Enter the six-digit code your authenticator app shows for this site.'
              : 'We have e-mailed you a six-digit code. It works once, within 10 minutes.'}
          </p>
          <CodeStepControls
            emailed={step.next === 'email-code'}
            resent={resent}
            submit={{ label: 'Sign in', pendingLabel: 'Signing in…', pending: code.isPending }}
            onAgain={{ send: () => codeAgain.mutate(), pending: codeAgain.isPending }}
          />
          <button
            type="button"
            onClick={() => {
              setStep(null);
              setProblem(null);
              setResent(false);
            }}
            className="w-full text-blue-700 underline"
          >
            Start again
          </button>
        </AdminForm>
      ) : (
        <>
          {passkeysHere ? (
            <button
              type="button"
              disabled={passkey.isPending}
              onClick={() => passkey.mutate()}
              className={`mt-6 inline-flex items-center justify-center gap-2 ${primaryButton}`}
            >
              <KeyRound className="h-5 w-5" aria-hidden />
              {passkey.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
            </button>
          ) : (
            <p className="mt-6 rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-700">
              {PASSKEYS_NEED_A_NAME}
            </p>
          )}
          {passkeysHere && <p className="mt-6 text-slate-700">Or with your e-mail address and password:</p>}
          <AdminForm
            form={passwordForm}
            idPrefix="sign-in"
            onSubmit={(values) => password.mutate(values)}
            className="mt-3 space-y-4"
          >
            <TextField name="email" label="E-mail address" type="email" autoComplete="username" />
            <TextField name="password" label="Password" type="password" autoComplete="current-password" />
            <button
              type="submit"
              disabled={password.isPending}
              className="w-full rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60"
            >
              {password.isPending ? 'Checking…' : 'Continue'}
            </button>
          </AdminForm>
          <button
            type="button"
            onClick={() => {
              setForgot(true);
              setProblem(null);
            }}
            className="mt-3 text-blue-700 underline"
          >
            Forgot your password?
          </button>
        </>
      )}
      <details className="mt-8 border-t border-slate-200 pt-4">
        <summary className="cursor-pointer font-medium text-slate-800">Use the admin key</summary>
        <LoginForm onLogin={onKeyLogin} notice={null} className="mt-4" />
      </details>
    </div>
  );
}
