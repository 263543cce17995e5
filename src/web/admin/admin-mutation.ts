import { type QueryKey, useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { toast, type ToastInput } from '../components/ui/use-toast';
import { HttpError, errorText } from '../lib/http';

/** How a failure is told: the toast's title, then the text in the screen's form (see errorText). */
export interface FailureToast {
  title: string;
  fallback?: string;
  form?: 'status' | 'server';
}

export interface AdminMutationOptions<Result, Variables, Context> extends Omit<
  UseMutationOptions<Result, Error, Variables, Context>,
  'mutationFn'
> {
  mutationFn: (variables: Variables) => Promise<Result>;
  /** The toast after success (docs/product.md#ui-messages), fixed or made from the answer and what was sent. */
  success?: ToastInput | ((result: Result, variables: Variables) => ToastInput);
  /** The destructive toast after a failure. */
  failure?: FailureToast;
  /** The queries whose data the action changes: looked at again once it has settled, success or not. */
  invalidates?: readonly QueryKey[];
}

/**
 * Every action staff start in the admin, writes above all: TanStack Query's `useMutation` (its
 * `isPending` is the button's pending label) with the toasts raised here and nowhere else. The
 * screen adds what only it knows through the usual callbacks, on the hook or on `mutate()`.
 * Invalidation is awaited, so the action stays pending until the lists show its result, and it
 * happens after a failure too, since what failed may be out of date (another tab deleted it).
 */
export function useAdminMutation<Result, Variables = void, Context = unknown>({
  success,
  failure,
  invalidates = [],
  onSuccess,
  onError,
  onSettled,
  ...options
}: AdminMutationOptions<Result, Variables, Context>) {
  return useMutation<Result, Error, Variables, Context>({
    ...options,
    onSuccess: async (result, variables, onMutateResult, context) => {
      if (success) toast(typeof success === 'function' ? success(result, variables) : success);
      await onSuccess?.(result, variables, onMutateResult, context);
    },
    onError: async (error, variables, onMutateResult, context) => {
      if (failure) toastFailure(failure, error);
      await onError?.(error, variables, onMutateResult, context);
    },
    onSettled: async (result, error, variables, onMutateResult, context) => {
      await onSettled?.(result, error, variables, onMutateResult, context);
      await Promise.all(invalidates.map((queryKey) => context.client.invalidateQueries({ queryKey })));
    },
  });
}

/**
 * The destructive toast for a failed admin call: `title`, then the text in the screen's form
 * (see errorText). A 401 shows nothing here: the client has already signed out and said why.
 */
function toastFailure({ title, fallback = 'Please try again.', form = 'server' }: FailureToast, error: unknown) {
  if (error instanceof HttpError && error.status === 401) return;
  toast({ variant: 'destructive', title, description: errorText(error, fallback, form) });
}

/** A destructive toast for what stops an action before anything is sent (a file of the wrong kind), or ends the session. */
export function toastProblem(problem: ToastInput): void {
  toast({ variant: 'destructive', ...problem });
}
