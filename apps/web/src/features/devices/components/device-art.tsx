/** Line drawings of the two device kinds (a device's picture by its type). */
export function DeviceArt({ type }: { type: string }) {
  if (type === 'base') {
    return (
      <svg viewBox="0 0 120 120" className="h-32 w-32" role="img" aria-label="Base station on a tripod">
        <circle cx="60" cy="30" r="14" fill="#e2e8f0" stroke="#64748b" strokeWidth="3" />
        <path d="M38 22a28 28 0 0 1 44 0M30 14a40 40 0 0 1 60 0" fill="none" stroke="#94a3b8" strokeWidth="3" strokeLinecap="round" />
        <rect x="50" y="44" width="20" height="14" rx="3" fill="#64748b" />
        <path d="M60 58 36 110M60 58l24 52M60 58v52" stroke="#475569" strokeWidth="4" strokeLinecap="round" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 120 120" className="h-32 w-32" role="img" aria-label="Rover on a survey pole">
      <ellipse cx="60" cy="22" rx="20" ry="10" fill="#dbeafe" stroke="#2563eb" strokeWidth="3" />
      <rect x="57" y="32" width="6" height="80" rx="2" fill="#1e3a8a" />
      <rect x="66" y="56" width="22" height="30" rx="4" fill="#3b82f6" />
      <rect x="70" y="60" width="14" height="14" rx="2" fill="#eff6ff" />
      <path d="M60 112l-6 6M60 112l6 6" stroke="#1e3a8a" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
