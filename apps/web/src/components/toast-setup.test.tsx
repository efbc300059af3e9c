import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme } from '../features/settings/theme';
import { Toasts } from './toast-setup';

afterEach(() => {
  act(() => toast.dismiss());
  applyTheme('Light');
  localStorage.clear();
});

/** The toast element holding `text` (react-toastify marks each toast with its theme class). */
async function toastWith(text: string) {
  const body = await screen.findByText(text);
  return body.closest('.Toastify__toast') as HTMLElement;
}

describe('toasts', () => {
  it('are light on a light page', async () => {
    applyTheme('Light');
    render(<Toasts />);
    act(() => void toast.success('Saved'));
    const shown = await toastWith('Saved');
    expect(shown).toHaveClass('Toastify__toast-theme--light');
    expect(shown).not.toHaveClass('Toastify__toast-theme--dark');
  });

  it('turn dark with the page, also when the theme changes while the app is open', async () => {
    render(<Toasts />);
    await act(async () => applyTheme('Dark'));
    act(() => void toast.error('Survey paused'));
    expect(await toastWith('Survey paused')).toHaveClass('Toastify__toast-theme--dark');
  });
});
