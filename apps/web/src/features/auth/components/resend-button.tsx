import { useEffect, useState } from 'react';
import { LIMITS } from '@smi/contracts';

interface Props {
  /** Sends a new code; resolves true when it went out (the cooldown then starts again). */
  onResend: () => Promise<boolean>;
  /** Start with the cooldown running (a code was sent just before this screen opened). */
  coolingDown?: boolean;
  cooldownS?: number;
}

/** 'Resend', then 'Resend in {n}s' for 60 seconds after each code sent. */
export function ResendButton({ onResend, coolingDown = false, cooldownS = LIMITS.resendCooldownS }: Props) {
  const [left, setLeft] = useState(coolingDown ? cooldownS : 0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const click = async () => {
    setBusy(true);
    try {
      if (await onResend()) setLeft(cooldownS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="btn-ghost text-brand-700" onClick={click} disabled={left > 0 || busy} aria-live="polite">
      {left > 0 ? `Resend in ${left}s` : busy ? 'Sending...' : 'Resend'}
    </button>
  );
}
