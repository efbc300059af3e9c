import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { DEFAULT_SETTINGS, mergeSettings, type SettingsPatch } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import { NetworkGroup } from './network-group';

// fake timers drive the 350 ms URL save and the 2 s notice; events are fired directly (no user-event delays)
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function server() {
  let stored = DEFAULT_SETTINGS;
  const patches: { at: number; patch: SettingsPatch }[] = [];
  const save = vi.fn(async (patch: SettingsPatch) => {
    patches.push({ at: Date.now(), patch });
    stored = mergeSettings(stored, patch);
    return stored;
  });
  return { save, patches };
}

const button = () => screen.getAllByRole('button').find((b) => /NETWORK|DEFAULT/.test(b.textContent ?? ''))!;
const flush = () => act(async () => {});

describe('the network button', () => {
  it('is disabled while both the saved and the chosen broker are Default', () => {
    renderApp(<NetworkGroup saved={DEFAULT_SETTINGS.network} save={vi.fn()} />);
    expect(button()).toHaveTextContent('SAVE NETWORK');
    expect(button()).toBeDisabled();
    expect(screen.getByPlaceholderText('Custom MQTT broker URL')).toBeDisabled();
  });

  it("asks for a URL before saving Custom: 'Please enter MQTT broker URL'", async () => {
    const s = server();
    renderApp(<NetworkGroup saved={DEFAULT_SETTINGS.network} save={s.save} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    expect(button()).toBeEnabled();
    fireEvent.click(button());
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter MQTT broker URL');
    expect(s.save).not.toHaveBeenCalled();
  });

  it('saves the type at once and the URL 350 ms later, then shows the saved notice for about 2 s', async () => {
    const s = server();
    renderApp(<NetworkGroup saved={DEFAULT_SETTINGS.network} save={s.save} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(screen.getByPlaceholderText('Custom MQTT broker URL'), { target: { value: ' mqtt://broker.site:1883 ' } });
    const start = Date.now();
    fireEvent.click(button());
    await flush();
    expect(s.patches).toEqual([{ at: start, patch: { network: { mqttUrlType: 'Custom' } } }]);
    await act(async () => vi.advanceTimersByTime(349));
    expect(s.patches).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(s.patches[1]).toEqual({ at: start + 350, patch: { network: { customMqttUrl: 'mqtt://broker.site:1883' } } });
    expect(screen.getByText('Network settings saved')).toBeInTheDocument();
    expect(button()).toHaveTextContent('RESET TO DEFAULT');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Network settings saved')).not.toBeInTheDocument();
  });

  it('with Custom saved it offers RESET TO DEFAULT, which clears the URL and goes back to Default', async () => {
    const s = server();
    renderApp(<NetworkGroup saved={{ mqttUrlType: 'Custom', customMqttUrl: 'mqtt://old:1883' }} save={s.save} />);
    expect(button()).toHaveTextContent('RESET TO DEFAULT');
    fireEvent.click(button());
    await flush();
    expect(s.patches.map((p) => p.patch)).toEqual([{ network: { mqttUrlType: 'Default', customMqttUrl: '' } }]);
    expect(screen.getByText('Network reset to Default')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Custom MQTT broker URL')).toHaveValue('');
    expect(button()).toBeDisabled();
  });
});
