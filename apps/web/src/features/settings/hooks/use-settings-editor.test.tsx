import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_SETTINGS, mergeSettings, type SettingsPatch, type UserSettings } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import { settingsKey } from '../api/settings';
import { MapGroup } from '../components/map-account-groups';
import { SystemGroup } from '../components/system-device-groups';
import { useSettingsEditor } from './use-settings-editor';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.documentElement.classList.remove('dark');
});

function Screen({ save }: { save: (p: SettingsPatch, opts?: { keepalive?: boolean }) => Promise<UserSettings> }) {
  const editor = useSettingsEditor({ save });
  if (!editor.settings) return <p>Loading settings…</p>;
  return (
    <>
      <SystemGroup settings={editor.settings} change={editor.change} />
      <MapGroup settings={editor.settings} change={editor.change} />
    </>
  );
}

function setup(save: (p: SettingsPatch, opts?: { keepalive?: boolean }) => Promise<UserSettings>) {
  const client = new QueryClient();
  client.setQueryData(settingsKey, DEFAULT_SETTINGS);
  return renderApp(<Screen save={save} />, { client });
}

describe('editing settings', () => {
  it('shows a change at once and saves it after 300 ms of quiet; a later change replaces the pending one', async () => {
    const saved: SettingsPatch[] = [];
    const save = vi.fn(async (p: SettingsPatch) => {
      saved.push(p);
      return mergeSettings(DEFAULT_SETTINGS, p);
    });
    setup(save);
    fireEvent.click(screen.getByRole('radio', { name: 'FEET' }));
    expect(screen.getByRole('radio', { name: 'FEET' })).toHaveAttribute('aria-checked', 'true');
    await act(async () => vi.advanceTimersByTime(250));
    fireEvent.click(screen.getByRole('radio', { name: 'CM' }));
    await act(async () => vi.advanceTimersByTime(299));
    expect(save).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(saved).toEqual([{ system: { distanceUnit: 'CM' } }]);
  });

  it('a reload inside the quiet period sends the pending change at once, as a request that outlives the page', async () => {
    const save = vi.fn(async (p: SettingsPatch, _opts?: { keepalive?: boolean }) => mergeSettings(DEFAULT_SETTINGS, p));
    setup(save);
    fireEvent.click(screen.getByRole('radio', { name: 'FEET' }));
    await act(async () => vi.advanceTimersByTime(100));
    expect(save).not.toHaveBeenCalled();
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ system: { distanceUnit: 'FEET' } }, { keepalive: true });
    // nothing is sent twice when the quiet period would have ended
    await act(async () => vi.advanceTimersByTime(500));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('Dark adds dark mode to the page at once and Light removes it', async () => {
    setup(async (p) => mergeSettings(DEFAULT_SETTINGS, p));
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    fireEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it("a refused save says 'Failed to save setting' and shows the stored value again", async () => {
    setup(async () => {
      throw new Error('down');
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Hide' }));
    expect(screen.getByRole('radio', { name: 'Hide' })).toHaveAttribute('aria-checked', 'true');
    await act(async () => vi.advanceTimersByTime(300));
    await act(async () => {});
    expect(screen.getByRole('radio', { name: 'Show' })).toHaveAttribute('aria-checked', 'true');
    vi.useRealTimers();
    expect(await screen.findByText('Failed to save setting')).toBeInTheDocument();
  });

  it('keeps the disabled controls disabled', () => {
    setup(async (p) => mergeSettings(DEFAULT_SETTINGS, p));
    expect(screen.getByRole('radio', { name: 'DEGREES' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Provider' })).toHaveAttribute('readonly');
  });
});
