import './survey-pulse.css';

/** The 8-dot pulsing indicator of an active survey. */
export function SurveyPulse() {
  return (
    <span className="inline-flex items-center gap-1" aria-hidden="true" data-testid="survey-pulse">
      {Array.from({ length: 8 }, (_, i) => (
        <span key={i} className="survey-dot h-2 w-2 rounded-full bg-blue-600" style={{ animationDelay: `${i * 0.12}s` }} />
      ))}
    </span>
  );
}
