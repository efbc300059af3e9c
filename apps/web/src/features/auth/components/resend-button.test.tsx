import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ResendButton } from './resend-button';

const tick = (seconds: number) => {
  for (let i = 0; i < seconds; i++) act(() => void vi.advanceTimersByTime(1000));
};

describe('the Resend action', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('waits 60 seconds after a code was sent, counting down, then is available', () => {
    render(<ResendButton onResend={async () => true} coolingDown />);
    const button = screen.getByRole('button');
    expect(button).toHaveTextContent('Resend in 60s');
    expect(button).toBeDisabled();
    tick(1);
    expect(button).toHaveTextContent('Resend in 59s');
    tick(58);
    expect(button).toHaveTextContent('Resend in 1s');
    tick(1);
    expect(button).toHaveTextContent('Resend');
    expect(button).toBeEnabled();
  });

  it('is available at once when no code was just sent', () => {
    render(<ResendButton onResend={async () => true} />);
    expect(screen.getByRole('button')).toHaveTextContent(/^Resend$/);
  });

  it('starts the countdown again after a code goes out', async () => {
    const onResend = vi.fn(async () => true);
    render(<ResendButton onResend={onResend} />);
    await act(async () => void fireEvent.click(screen.getByRole('button')));
    expect(onResend).toHaveBeenCalledOnce();
    expect(screen.getByRole('button')).toHaveTextContent('Resend in 60s');
  });

  it('stays available when sending failed', async () => {
    render(<ResendButton onResend={async () => false} />);
    await act(async () => void fireEvent.click(screen.getByRole('button')));
    expect(screen.getByRole('button')).toHaveTextContent(/^Resend$/);
    expect(screen.getByRole('button')).toBeEnabled();
  });
});
