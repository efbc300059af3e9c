import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StatusBox } from './status-box';

const box = { feedText: 'Connected ✅', feedConnected: true, roversLive: 1, roversTotal: 1, baseStatus: 'online' };

describe('the survey map\'s status box', () => {
  it('shows the age of the base\'s corrections and whether it broadcasts its position', () => {
    const rtcm = { CorrectionAgeS: 1.26, Position: { MessageType: 1005 } } as never;
    render(<StatusBox {...box} rtcm={rtcm} />);
    expect(screen.getByTestId('base-rtcm').textContent).toBe('Corrections 1.3 s old · position broadcast (1005)');
  });

  it('shows nothing of RTCM for a base that sent none', () => {
    render(<StatusBox {...box} rtcm={null} />);
    expect(screen.queryByTestId('base-rtcm')).not.toBeInTheDocument();
  });
});
