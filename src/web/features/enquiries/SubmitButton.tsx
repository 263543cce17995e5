export function SubmitButton({ pending, label }: { pending: boolean; label: string }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="w-full rounded-full bg-red-600 px-6 py-3 font-semibold text-white shadow hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
    >
      {pending ? 'Submitting...' : label}
    </button>
  );
}
