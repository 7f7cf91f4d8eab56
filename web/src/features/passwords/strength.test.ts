import { describe, expect, it } from 'vitest';

import { loadEstimator, strengthBand, strengthScore } from './strength.ts';

describe('password strength', () => {
  it('maps scores to the spec bands at 90, 70 and 50', () => {
    expect(strengthBand(100).label).toBe('Excellent');
    expect(strengthBand(90).label).toBe('Excellent');
    expect(strengthBand(89).label).toBe('Strong');
    expect(strengthBand(70).label).toBe('Strong');
    expect(strengthBand(50).label).toBe('OK');
    expect(strengthBand(49).label).toBe('Weak');
    expect(strengthBand(0).label).toBe('Weak');
  });

  it('rates common and patterned passwords weak and long random ones excellent', async () => {
    const estimate = await loadEstimator();
    const band = (password: string, inputs: string[] = []) => strengthBand(strengthScore(estimate(password, inputs))).label;
    expect(band('password123')).toBe('Weak');
    expect(band('qwertyuiop')).toBe('Weak');
    expect(band('kitten12')).toBe('Weak');
    expect(band('Summer2024!')).toBe('OK');
    expect(band('tK8#qz!Lw2@vR9$m')).toBe('Excellent');
    // What the user typed elsewhere (their email) counts as known to an attacker.
    expect(band('jane.doe@acme.test', ['jane.doe@acme.test'])).toBe('Weak');
  });
});
