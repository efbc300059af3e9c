import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { ApiError } from '../../../lib/api-client';
import { ChangePasswordDialog } from './change-password-dialog';

async function fill(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  return user;
}

describe('Change Password', () => {
  it.each([
    ['', 'abcdef', 'abcdef', 'Please fill every field'],
    ['old-pass', 'abcdef', 'abcdeg', 'Passwords do not match'],
    ['old-pass', 'abc', 'abc', 'Password must be at least 6 characters'],
  ])('refuses %j / %j / %j with %s before sending', async (current, next, confirm, message) => {
    const send = vi.fn();
    renderApp(<ChangePasswordDialog open onClose={() => {}} send={send} />);
    const user = await fill(current, next, confirm);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(send).not.toHaveBeenCalled();
  });

  it("reads 'Saving…' while busy, ignores a second submit, then says 'Password has changed' and closes", async () => {
    let done!: () => void;
    const send = vi.fn(() => new Promise<void>((ok) => (done = ok)));
    const onClose = vi.fn();
    renderApp(<ChangePasswordDialog open onClose={onClose} send={send} />);
    const user = await fill('old-pass', 'new-pass-1', 'new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(send).toHaveBeenCalledOnce();
    expect(send).toHaveBeenCalledWith({ currentPassword: 'old-pass', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' });
    done();
    expect(await screen.findByText('Password has changed')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("shows the server's message when refused and clears the fields", async () => {
    const send = vi.fn(async () => {
      throw new ApiError('Current password is incorrect', 400);
    });
    renderApp(<ChangePasswordDialog open onClose={() => {}} send={send} />);
    const user = await fill('wrong-pass', 'new-pass-1', 'new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('closes on Escape, on the backdrop and on Cancel', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderApp(<ChangePasswordDialog open onClose={onClose} send={vi.fn()} />);
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-backdrop'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
