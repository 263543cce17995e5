import { useFormContext } from 'react-hook-form';
import type { InvitationView } from '../../../shared/staff/staff';
import { z } from 'zod';
import { TextField } from '../ui/form';

/** The fields of the two ways to sign in, for a form's schema. */
export const signInChoiceFields = {
  method: z.enum(['passkey', 'password']),
  password: z.string().max(200, 'Password must be at most 200 characters.'),
  useApp: z.boolean(),
  code: z.string().trim(),
};

/** What the password way needs: 12 characters, and the app's code when an app is chosen. */
export function checkSignInChoice(values: SignInChoiceValues, context: z.RefinementCtx) {
  if (values.method === 'password' && [...values.password].length < 12) {
    context.addIssue({ code: 'custom', path: ['password'], message: 'Password must be at least 12 characters.' });
  }
  if (values.method === 'password' && values.useApp && !/^\d{6}$/.test(values.code)) {
    context.addIssue({ code: 'custom', path: ['code'], message: 'Enter the six-digit code the app shows.' });
  }
}

/** The fields a form offering the two ways to sign in has (an invitation's, an owner's reset link's). */
export interface SignInChoiceValues {
  method: 'passkey' | 'password';
  password: string;
  useApp: boolean;
  code: string;
}

/**
 * The two ways to sign in, and what the password way needs: a password with codes by e-mail or
 * from an authenticator app (required when the site cannot send mail).
 */
export function SignInChoice({
  mailOn,
  authenticator,
}: {
  mailOn: boolean;
  authenticator: InvitationView['authenticator'];
}) {
  const { register, watch } = useFormContext<SignInChoiceValues>();
  const method = watch('method');
  const useApp = watch('useApp');
  return (
    <fieldset className="space-y-3">
      <legend className="font-medium text-slate-900">How you will sign in</legend>
      <label className="flex items-start gap-2">
        <input type="radio" value="passkey" {...register('method')} className="mt-1" />
        <span>
          A passkey on this device <span className="text-slate-600">(your fingerprint, face or device PIN)</span>
        </span>
      </label>
      <label className="flex items-start gap-2">
        <input type="radio" value="password" {...register('method')} className="mt-1" />
        <span>A password, then a one-time code</span>
      </label>
      {method === 'password' && (
        <div className="space-y-3 border-l-4 border-slate-200 pl-4">
          <TextField
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 12 characters. A few unrelated words make a good one."
          />
          {mailOn && (
            <label className="flex items-start gap-2">
              <input type="checkbox" {...register('useApp')} className="mt-1" />
              <span>Use an authenticator app for the codes instead of e-mail</span>
            </label>
          )}
          {useApp && (
            <div className="space-y-2">
              <p className="text-slate-700">
                Scan this with your authenticator app, or type the key below into it, then enter the code it shows.
              </p>
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(authenticator.qrSvg)}`}
                alt="QR code for your authenticator app"
                width={180}
                height={180}
              />
              <p className="break-all font-mono text-sm text-slate-800">{authenticator.secret}</p>
              <TextField name="code" label="Code from the app" autoComplete="one-time-code" />
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}
