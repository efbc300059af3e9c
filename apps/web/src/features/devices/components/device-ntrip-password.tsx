import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import type { DeviceNtripPasswordReply } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { ShownOnceSecret } from '../../../components/shown-once-secret';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNewDeviceNtripPassword } from '../api/device-secret';

/**
 * A device's own NTRIP password. Plain NTRIP (port 2101) sends passwords unencrypted, so a device that pulls or pushes
 * corrections over it can use a password that is worth nothing on the MQTT broker: once made, the caster takes it
 * instead of the MQTT secret. Shown once; a new one ends the old one, hence the confirmation.
 */
export function DeviceNtripPassword({ deviceId, deviceCode, type }: { deviceId: string; deviceCode: string; type: 'rover' | 'base' }) {
  const generate = useNewDeviceNtripPassword(deviceId);
  const [asking, setAsking] = useState(false);
  const [made, setMade] = useState<DeviceNtripPasswordReply | null>(null);

  const confirm = async () => {
    setAsking(false);
    try {
      setMade(await generate.mutateAsync());
    } catch {
      // the api client has shown the server's message
    }
  };

  return (
    <Panel title="NTRIP password">
      <p className="text-sm text-slate-600">
        Plain NTRIP sends the password unencrypted. Give the device an NTRIP password of its own, so that what it sends
        there is not its MQTT secret. Once made, the caster accepts only this password from the device, not the MQTT
        secret.
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-500">{type === 'base' ? 'Mountpoint and user' : 'User'}</dt>
        <dd className="font-mono break-all">{made?.username ?? deviceCode}</dd>
        <dt className="text-slate-500">Password</dt>
        <dd>
          {made ? (
            <ShownOnceSecret
              value={made.password}
              testId="device-ntrip-password"
              copyLabel="Copy NTRIP password"
              advice="Store it in the device now: it will not be shown again."
            />
          ) : (
            <span className="text-slate-500">The MQTT secret, until you generate one.</span>
          )}
        </dd>
      </dl>
      <button type="button" className="btn-secondary mt-4" onClick={() => setAsking(true)} disabled={generate.isPending}>
        <KeyRound aria-hidden="true" className="h-5 w-5" />
        {generate.isPending ? 'Generating...' : 'Generate NTRIP password'}
      </button>
      <ConfirmDialog
        open={asking}
        title="Generate NTRIP password"
        message="From now on the caster accepts only the new password from this device, and its open NTRIP connections end. Continue?"
        confirmLabel="Generate"
        danger={false}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </Panel>
  );
}
