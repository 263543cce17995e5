/** One figure of the period, with the period before's beneath it. */
export function Tile({ label, value, before }: { label: string; value: string; before: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value}</dd>
      <dd className="text-sm text-slate-600">Period before: {before}</dd>
    </div>
  );
}
