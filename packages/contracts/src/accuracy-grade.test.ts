import { describe, expect, it } from 'vitest';
import { accuracyGrade } from './accuracy-grade.js';

describe('the accuracy grade from the rover/base time gap', () => {
  it('is High up to 1000 ms, Medium up to 2500 ms and Low beyond', () => {
    expect(accuracyGrade(0)).toBe('High');
    expect(accuracyGrade(1000)).toBe('High');
    expect(accuracyGrade(1001)).toBe('Medium');
    expect(accuracyGrade(2500)).toBe('Medium');
    expect(accuracyGrade(2501)).toBe('Low');
  });

  it('reads a negative gap by its size, and no gap as no grade', () => {
    expect(accuracyGrade(-3000)).toBe('Low');
    expect(accuracyGrade(-500)).toBe('High');
    expect(accuracyGrade(null)).toBeNull();
    expect(accuracyGrade(undefined)).toBeNull();
    expect(accuracyGrade(Number.NaN)).toBeNull();
  });
});
