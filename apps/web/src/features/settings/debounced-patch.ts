import type { SettingsPatch } from '@smi/contracts';

/** Folds a later change into a pending patch: the same key takes the later value, other keys are kept. */
export function mergePatch(pending: SettingsPatch | null, next: SettingsPatch): SettingsPatch {
  if (!pending) return next;
  const out: Record<string, Record<string, unknown>> = {};
  for (const source of [pending, next] as Record<string, Record<string, unknown> | undefined>[]) {
    for (const [group, values] of Object.entries(source)) out[group] = { ...out[group], ...values };
  }
  return out as SettingsPatch;
}

/**
 * Settings are sent after a quiet period (300 ms): each change restarts the wait and replaces the pending
 * save, whose patch it is merged into so a quick change of another key is not lost on the way.
 */
export class DebouncedPatch {
  private pending: SettingsPatch | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: (patch: SettingsPatch) => void,
    private readonly quietMs = 300,
  ) {}

  push(patch: SettingsPatch): void {
    this.pending = mergePatch(this.pending, patch);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.quietMs);
  }

  /** Sends what is pending now (leaving the page must not lose a change). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const patch = this.pending;
    this.pending = null;
    if (patch) this.send(patch);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }

  get hasPending(): boolean {
    return this.pending !== null;
  }
}
