/**
 * The loss-of-fix signal: a short double beep (WebAudio) and a vibration (navigator.vibrate), each only where the
 * browser allows it. Browsers start audio only after a user gesture: the first tap or key on the page unlocks it.
 */
let audio: AudioContext | null = null;

function context(): AudioContext | null {
  if (audio) return audio;
  const Ctx = typeof window !== 'undefined' ? (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext) : undefined;
  if (!Ctx) return null;
  try {
    audio = new Ctx();
  } catch {
    return null;
  }
  return audio;
}

/** Readies audio on the first gesture (call once while a screen that may alert is open); returns the remover. */
export function unlockAudioOnGesture(): () => void {
  // a browser that refuses audio leaves the alert silent: nothing else waits on it
  const unlock = () => void context()?.resume().catch(() => {});
  document.addEventListener('pointerdown', unlock, { once: true, capture: true });
  document.addEventListener('keydown', unlock, { once: true, capture: true });
  return () => {
    document.removeEventListener('pointerdown', unlock, { capture: true });
    document.removeEventListener('keydown', unlock, { capture: true });
  };
}

/** Two 880 Hz beeps of 150 ms: loud enough outdoors, short enough not to nag. Returns whether a sound was started. */
export function beep(): boolean {
  const ctx = context();
  if (!ctx || ctx.state !== 'running') return false;
  const gain = ctx.createGain();
  gain.connect(ctx.destination);
  for (const start of [0, 0.25]) {
    const osc = ctx.createOscillator();
    osc.type = 'square';
    osc.frequency.value = 880;
    osc.connect(gain);
    const t = ctx.currentTime + start;
    gain.gain.setValueAtTime(0.2, t);
    osc.start(t);
    osc.stop(t + 0.15);
  }
  return true;
}

/** A vibration pattern where the device and browser have one (not iOS Safari). */
export function vibrate(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function' ? navigator.vibrate([200, 100, 200]) : false;
}
