import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { LIMITS } from '@smi/contracts';

interface Props {
  /** Six entries, '' for an empty box. */
  value: string[];
  onChange: (value: string[]) => void;
  label?: string;
  disabled?: boolean;
}

export const emptyCode = () => Array.from({ length: LIMITS.otpLength }, () => '');

/**
 * Six single-digit boxes. Digits only; typing moves to the next box, Backspace on an empty box goes back,
 * and a paste spreads its digits starting at the box that has focus.
 */
export function OtpInput({ value, onChange, label = 'Verification code', disabled }: Props) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (i: number) => boxes.current[Math.max(0, Math.min(LIMITS.otpLength - 1, i))]?.focus();

  const fill = (start: number, digits: string) => {
    const next = [...value];
    let i = start;
    for (const d of digits) {
      if (i >= LIMITS.otpLength) break;
      next[i++] = d;
    }
    onChange(next);
    focus(i);
  };

  const onInput = (i: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (!digits) {
      if (raw === '') onChange(value.map((d, j) => (j === i ? '' : d)));
      return;
    }
    // a box that already holds a digit receives two: keep the one just typed
    fill(i, digits.length === 2 && value[i] ? digits.slice(-1) : digits);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !value[i] && i > 0) {
      e.preventDefault();
      onChange(value.map((d, j) => (j === i - 1 ? '' : d)));
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(i + 1);
    }
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const digits = e.clipboardData.getData('text').replace(/\D/g, '');
    if (digits) fill(i, digits);
  };

  return (
    <fieldset className="min-w-0">
      <legend className="label">{label}</legend>
      <div className="flex justify-between gap-2 sm:gap-3">
        {value.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            value={digit}
            onChange={(e) => onInput(i, e.target.value)}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={(e) => onPaste(i, e)}
            onFocus={(e) => e.target.select()}
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            pattern="[0-9]*"
            aria-label={`Digit ${i + 1} of ${LIMITS.otpLength}`}
            disabled={disabled}
            className="h-14 w-full min-w-0 max-w-14 rounded-lg border border-slate-300 bg-white text-center text-2xl font-semibold text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The code as one string when all six boxes hold a digit, else null. */
export const completeCode = (value: string[]) => (value.every((d) => /^\d$/.test(d)) ? value.join('') : null);
