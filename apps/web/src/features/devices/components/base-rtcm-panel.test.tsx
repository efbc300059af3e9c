import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BaseRtcmDetails } from './base-rtcm-panel';

describe('a base\'s RTCM details', () => {
  it('shows the broadcast position, antenna, receiver, message types with rates and the age of corrections', () => {
    render(
      <BaseRtcmDetails
        rtcm={{
          StationId: 700,
          MessageTypes: [
            { Type: 1006, Count: 12, IntervalS: 10, LastAt: '2026-11-23T10:00:00.000Z' },
            { Type: 1077, Count: 120, IntervalS: 1, LastAt: '2026-11-23T10:00:00.000Z' },
          ],
          Position: { X: 1, Y: 2, Z: 3, Latitude: 38.88, Longitude: -77.07, EllipsoidalHeight: 12.3456, AntennaHeight: 0.0349, MessageType: 1006, ItrfYear: 5, At: '2026-11-23T10:00:00.000Z' },
          Antenna: 'AOAD/M_T',
          AntennaSerial: '309',
          Receiver: 'TRIMBLE NETR5',
          Firmware: '4.03',
          ReceiverSerial: null,
          LastCorrectionAt: '2026-11-23T10:00:00.000Z',
          CorrectionAgeS: 1.25,
          LatencyS: 0.4,
          Frames: 500,
          CrcFailures: 2,
          UpdatedAt: '2026-11-23T10:00:00.000Z',
        }}
      />,
    );
    expect(screen.getByText('1.3 s')).toBeInTheDocument();
    expect(screen.getByText('38.88000000, -77.07000000, h 12.346 m (RTCM 1006)')).toBeInTheDocument();
    expect(screen.getByText('AOAD/M_T, height 0.0349 m')).toBeInTheDocument();
    expect(screen.getByText('TRIMBLE NETR5 4.03')).toBeInTheDocument();
    expect(screen.getByText('500 / 2')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'RTCM message types' }).textContent).toBe('1006 x12 every 10 s1077 x120 every 1 s');
  });

  it('says so when the base has sent no RTCM', () => {
    render(<BaseRtcmDetails rtcm={null} />);
    expect(screen.getByText('No RTCM corrections received from this base yet.')).toBeInTheDocument();
  });
});
