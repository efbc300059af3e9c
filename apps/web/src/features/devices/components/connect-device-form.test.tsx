import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConnectDeviceForm } from './connect-device-form';

/** A connect call the test settles by hand, to look at the busy state in between. */
function pending() {
  let settle!: { ok: (m: string) => void; fail: (e: Error) => void };
  const connect = vi.fn(
    () =>
      new Promise<string>((ok, fail) => {
        settle = { ok, fail };
      }),
  );
  return { connect, settle: () => settle };
}

describe('connecting a device by its ID', () => {
  it('refuses a blank ID without asking the server', async () => {
    const user = userEvent.setup();
    const connect = vi.fn(async () => 'never');
    render(<ConnectDeviceForm connect={connect} />);
    await user.type(screen.getByPlaceholderText('Enter Device ID'), '   ');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(screen.getByText('Please enter a device ID')).toBeInTheDocument();
    expect(connect).not.toHaveBeenCalled();
  });

  it("reads 'Connecting...' and cannot be pressed again while busy, then says it worked", async () => {
    const user = userEvent.setup();
    const { connect, settle } = pending();
    render(<ConnectDeviceForm connect={connect} />);
    await user.type(screen.getByPlaceholderText('Enter Device ID'), 'ROVER-1');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    const busy = screen.getByRole('button', { name: 'Connecting...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(connect).toHaveBeenCalledOnce();
    expect(connect).toHaveBeenCalledWith('ROVER-1');
    settle().ok('Device connected successfully!');
    expect(await screen.findByText('Device connected successfully!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled();
    expect(screen.getByPlaceholderText('Enter Device ID')).toHaveValue('');
  });

  it('shows why it failed under the field and keeps the typed ID', async () => {
    const user = userEvent.setup();
    const { connect, settle } = pending();
    render(<ConnectDeviceForm connect={connect} />);
    await user.type(screen.getByPlaceholderText('Enter Device ID'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    settle().fail(new Error('Device not found'));
    expect(await screen.findByText('Device not found')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter Device ID')).toHaveValue('NOPE');
    expect(screen.getByPlaceholderText('Enter Device ID')).toHaveAttribute('aria-invalid', 'true');
  });
});
