import { OCCUPATION_ACTIVE, OCCUPATION_STATUSES } from '@smi/contracts';
import { describe, expect, it } from 'vitest';
import { OCCUPATION_TRANSITIONS, mayFollow } from './status.js';

describe('occupation status transitions', () => {
  it('an active occupation pauses, resumes or ends; an ended one never changes', () => {
    expect(mayFollow('running', 'paused')).toBe(true);
    expect(mayFollow('paused', 'running')).toBe(true);
    for (const end of ['done', 'failed', 'cancelled'] as const) {
      expect(mayFollow('running', end)).toBe(true);
      expect(mayFollow('paused', end)).toBe(true);
      for (const to of OCCUPATION_STATUSES) expect(mayFollow(end, to)).toBe(false);
    }
    // a progress write keeps an active status
    expect(mayFollow('running', 'running')).toBe(true);
  });

  it('names every status, and only the active ones may change', () => {
    expect(Object.keys(OCCUPATION_TRANSITIONS).sort()).toEqual([...OCCUPATION_STATUSES].sort());
    expect(OCCUPATION_STATUSES.filter((s) => OCCUPATION_TRANSITIONS[s].length > 0).sort()).toEqual([...OCCUPATION_ACTIVE].sort());
  });
});
