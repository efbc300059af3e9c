/** "Step n of N" as text for everyone, with dots as decoration. */
export function StepDots({ step, total }: { step: number; total: number }) {
  return (
    <div className="mb-6 flex items-center gap-3">
      <div className="flex gap-1.5" aria-hidden="true">
        {Array.from({ length: total }, (_, i) => (
          <span key={i} className={`h-1.5 w-8 rounded-full ${i < step ? 'bg-brand-600' : 'bg-slate-200'}`} />
        ))}
      </div>
      <span className="text-xs font-medium text-slate-500">
        Step {step} of {total}
      </span>
    </div>
  );
}
