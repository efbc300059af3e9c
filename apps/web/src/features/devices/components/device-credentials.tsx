import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import type { DeviceSecretReply } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { ShownOnceSecret } from '../../../components/shown-once-secret';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNewDeviceSecret } from '../api/device-secret';
import { useClaimDevice } from '../api/claim-device';
import { usePublicConfig } from '../../../lib/public-config';
import { DeviceActivation } from './device-activation';

/**
 * How a device logs in to the broker: its code is the username, the secret is shown once when it is made.
 * Making a new one ends the old one, hence the confirmation. A device not activated yet (decision 027) has no
 * secret: the panel asks for its activation key instead.
 */
export function DeviceCredentials({ deviceId, deviceCode, claimed = true }: { deviceId: string; deviceCode: string; claimed?: boolean }) {
  const generate = useNewDeviceSecret(deviceId);
  const claim = useClaimDevice(deviceId);
  const [asking, setAsking] = useState(false);
  const [made, setMade] = useState<DeviceSecretReply | null>(null);
  const config = usePublicConfig();
  // the server's address for devices (GET /api/config), so a device can be set up before a new secret is made
  const brokerUrl = made?.brokerUrl ?? config.data?.brokerUrl;
  const brokerNote = config.isPending ? 'Loading…' : config.isError ? 'Could not load the broker address' : 'The MQTT gateway is not running';

  const confirm = async () => {
    setAsking(false);
    try {
      setMade(await generate.mutateAsync());
    } catch {
      // the api client has shown the server's message
    }
  };

  return (
    <Panel title="MQTT credentials">
      <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-500">Broker address</dt>
        <dd className="font-mono break-all" data-testid="broker-url">
          {brokerUrl ?? <span className="font-sans text-slate-500">{brokerNote}</span>}
        </dd>
        <dt className="text-slate-500">Username</dt>
        <dd className="font-mono break-all">{made?.username ?? deviceCode}</dd>
        <dt className="text-slate-500">Secret</dt>
        <dd>
          {made ? (
            <ShownOnceSecret value={made.secret} testId="device-secret" copyLabel="Copy secret" advice="Store it in the device now: it will not be shown again." />
          ) : claimed ? (
            <span className="text-slate-500">Hidden. Generate a new one to set up the device.</span>
          ) : (
            <span className="text-slate-500">None until the device is activated.</span>
          )}
        </dd>
      </dl>
      {claimed ? (
        <button type="button" className="btn-secondary mt-4" onClick={() => setAsking(true)} disabled={generate.isPending}>
          <KeyRound aria-hidden="true" className="h-5 w-5" />
          {generate.isPending ? 'Generating...' : 'Generate new secret'}
        </button>
      ) : (
        <DeviceActivation activate={async (key) => (await claim.mutateAsync(key)).message ?? 'Device activated'} />
      )}
      <ConfirmDialog
        open={asking}
        title="Generate new secret"
        message="The device's current secret stops working at once. Continue?"
        confirmLabel="Generate"
        danger={false}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </Panel>
  );
}
