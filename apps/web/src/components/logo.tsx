/** The product mark and name. */
export function Logo({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2.5">
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#2563eb" />
        <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2" />
        <circle cx="16" cy="16" r="3" fill="#fff" />
        <path d="M16 3v6M16 23v6M3 16h6M23 16h6" stroke="#fff" strokeWidth="2" />
      </svg>
      {!compact && (
        <span className={`whitespace-nowrap text-sm font-semibold sm:text-[15px] leading-tight tracking-tight ${inverted ? 'text-white' : 'text-slate-900'}`}>
          Site Measurement <span className={inverted ? 'text-blue-400' : 'text-blue-700'}>IoT</span>
        </span>
      )}
    </span>
  );
}
