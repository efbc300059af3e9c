import { useId } from 'react';

interface Props<T extends string> {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** Shown text per option (the value itself by default). */
  labels?: Partial<Record<T, string>>;
}

/** A choice among a few options as one row of buttons (a radio group for assistive technology). */
export function Segmented<T extends string>({ label, options, value, onChange, disabled, labels }: Props<T>) {
  const id = useId();
  return (
    <div role="radiogroup" aria-labelledby={id} aria-disabled={disabled || undefined} className="inline-flex rounded-lg bg-slate-100 p-1">
      <span id={id} className="sr-only">
        {label}
      </span>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={value === option}
          disabled={disabled}
          onClick={() => value !== option && onChange(option)}
          className={`min-h-11 min-w-16 rounded-md px-3 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${
            // the chosen one filled in the brand colour: clear in sunlight and in the dark theme alike
            value === option ? 'bg-brand-600 text-white shadow-sm' : 'text-slate-600 hover:text-slate-900 disabled:hover:text-slate-600'
          } ${disabled ? 'opacity-60' : ''}`}
        >
          {labels?.[option] ?? option}
        </button>
      ))}
    </div>
  );
}
