import { describe, expect, it } from 'vitest';
import { toUtm, utmZoneOf } from './utm';

// references from PROJ: echo "lon lat" | cs2cs -f %.4f +proj=longlat +datum=WGS84 +to +proj=utm +zone=Z +datum=WGS84 [+south]
const CS2CS = [
  { lon: 79.968074, lat: 6.615, zone: '44N', e: 385925.8096, n: 731307.1399 },
  { lon: -73.9857, lat: 40.7484, zone: '18N', e: 585628.4091, n: 4511322.4475 },
  { lon: 151.2093, lat: -33.8688, zone: '56S', e: 334368.6336, n: 6250948.3454 },
  // Bergen: south-west Norway is in the widened zone 32
  { lon: 5.3221, lat: 60.3913, zone: '32N', e: 297353.9327, n: 6700648.3452 },
];

describe('UTM for the Record dialog', () => {
  it.each(CS2CS)('matches cs2cs at $lat, $lon (zone $zone) to the millimetre', ({ lon, lat, zone, e, n }) => {
    const utm = toUtm({ latitude: lat, longitude: lon })!;
    expect(utm.zone).toBe(zone);
    expect(Math.abs(utm.easting - e)).toBeLessThan(0.001);
    expect(Math.abs(utm.northing - n)).toBeLessThan(0.001);
  });
  it('takes the zone of the project (the mean of its points) when given, as the exports do', () => {
    expect(toUtm({ latitude: 6.615, longitude: 78.01 }, { latitude: 6.6, longitude: 77.9 })!.zone).toBe('43N');
    expect(utmZoneOf(180, 10).zone).toBe(60);
    expect(utmZoneOf(20, 78).zone).toBe(33);
  });
});
