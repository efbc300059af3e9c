import { describe, expect, it } from 'vitest';
import { antennaModel, markEcef, markHeight, markToPhaseCentre, slantToVertical } from './antenna.js';
import { ecefToGeodetic, geodeticToEcef } from './ecef.js';

describe('antenna height reduction', () => {
  it('a vertical pole height plus the ARP->APC offset comes off the phase centre height', () => {
    // hand-worked: APC at 871.426 m, pole 1.800 m to the ARP, Reach RS2 offset 0.134 m -> mark at 869.492 m
    const rs2 = antennaModel('emlid reach rs2')!;
    expect(rs2.phaseCentreOffset).toBe(0.134);
    const h = markHeight(871.426, { height: 1.8, type: 'vertical', phaseCentreOffset: rs2.phaseCentreOffset });
    expect(Math.abs(h - 869.492)).toBeLessThan(1e-4);
  });

  it('a slant height is taken to the vertical with the antenna radius and SHMP offset (ProFlex ASH-661 figures)', () => {
    // hand-worked: sqrt(1.5^2 - 0.0953^2) = sqrt(2.24091791) = 1.4969695755; minus SHMP 0.0483 = 1.4486695755
    expect(Math.abs(slantToVertical(1.5, 0.0953, 0.0483) - 1.4486696)).toBeLessThan(1e-4);
    const total = markToPhaseCentre({ height: 1.5, type: 'slant', radius: 0.0953, shmpOffset: 0.0483, phaseCentreOffset: 0.134 });
    expect(Math.abs(total - 1.5826696)).toBeLessThan(1e-4);
    expect(() => slantToVertical(0.05, 0.0953)).toThrow(RangeError);
  });

  it('the mark lies the total below the phase centre along the ellipsoid normal', () => {
    const [lat, lon, h] = [-45.8775672, 170.5001117, 16.0];
    const mark = markEcef(geodeticToEcef(lat, lon, h), lat, lon, { height: 2, type: 'vertical', phaseCentreOffset: 0.134 });
    const g = ecefToGeodetic(...mark);
    expect(Math.abs(g.latitude - lat)).toBeLessThan(1e-10);
    expect(Math.abs(g.longitude - lon)).toBeLessThan(1e-10);
    expect(Math.abs(g.height - 13.866)).toBeLessThan(1e-4);
  });
});
