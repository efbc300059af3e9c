import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { HelpCircle } from 'lucide-react';
import { DEVICE_TYPES, deviceEndpoints, type DeviceType } from '@smi/contracts';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useRegisterDevice } from '../../features/devices/api/register-device';
import { usePublicConfig } from '../../lib/public-config';
import { useRefused } from '../use-can';

const TIPS = [
  'Make sure the device is powered on.',
  'Check that the Device ID is entered exactly as printed on the device.',
  'Make sure the device has been activated by the manufacturer.',
  'Make sure the device is not already registered to another account.',
];

/** Success stays on screen this long before going back. */
const BACK_AFTER_MS = 1500;

export function RegisterDevicePage() {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const register = useRegisterDevice();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [type, setType] = useState<DeviceType>('rover');
  const [activationKey, setActivationKey] = useState('');
  // a server with a maker key activates a device for the user who enters the key printed on it (decision 037)
  const activation = usePublicConfig().data?.deviceActivation ?? false;
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const refused = useRefused(deviceEndpoints.registerDevice);

  useEffect(() => {
    if (!done) return;
    // back one page; opened directly (no page before), go to the devices screen instead
    const first = (window.history.state as { idx?: number } | null)?.idx === 0;
    const timer = setTimeout(() => (first ? navigate(paths.devices, { replace: true }) : navigate(-1)), BACK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (register.isPending || done) return;
    if (!code.trim()) return setError('Device ID is required');
    if (!name.trim()) return setError('Device name is required');
    setError('');
    try {
      const key = activation ? activationKey.trim() : '';
      const body = { Name: name.trim(), Type: type, Registered_User_Id: userId, ...(key ? { ActivationKey: key } : {}) };
      const reply = await register.mutateAsync({ deviceId: code, body });
      setDone(reply.message ?? 'Device registered successfully!');
    } catch (err) {
      setError(errorMessage(err, 'Failed to register device'));
    }
  };

  if (refused) {
    return (
      <>
        <PageHeader title="Register New Device" back />
        <p role="alert" className="error-box">
          Your role in this workspace does not register devices: ask an admin or the owner.
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Register New Device" subtitle="Setup your new device" back />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Panel title="Device details">
          <form onSubmit={submit} noValidate className="space-y-4">
            <div>
              <label htmlFor="device-code" className="label">Device ID</label>
              <input id="device-code" className="input font-mono" value={code} onChange={(e) => {
                  setCode(e.target.value);
                  setError('');
                }} autoComplete="off" autoCapitalize="off" spellCheck={false} />
            </div>
            <div>
              <label htmlFor="device-name" className="label">Device name</label>
              <input id="device-name" className="input" value={name} onChange={(e) => {
                  setName(e.target.value);
                  setError('');
                }} autoComplete="off" />
            </div>
            <div>
              <label htmlFor="device-type" className="label">Type</label>
              <select id="device-type" className="input" value={type} onChange={(e) => setType(e.target.value as DeviceType)}>
                {DEVICE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t === 'rover' ? 'Rover' : 'Base'}
                  </option>
                ))}
              </select>
            </div>
            {activation && (
              <div>
                <label htmlFor="activation-key" className="label">Activation key (optional)</label>
                <input id="activation-key" className="input font-mono" value={activationKey} onChange={(e) => {
                    setActivationKey(e.target.value);
                    setError('');
                  }} autoComplete="off" autoCapitalize="off" spellCheck={false} aria-describedby="activation-key-hint" />
                <p id="activation-key-hint" className="mt-1.5 text-sm text-slate-500">
                  Printed on the device. With it the device is activated at once; without it, enter it on the device&apos;s page.
                </p>
              </div>
            )}
            {error && (
              <p role="alert" className="error-box">
                {error}
              </p>
            )}
            {done && (
              <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
                {done}
              </p>
            )}
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={register.isPending || !!done}>
              {register.isPending ? 'Registering...' : 'Register Device'}
            </button>
          </form>
        </Panel>
        <aside aria-labelledby="help-heading" className="h-fit rounded-xl border border-blue-100 bg-blue-50 p-5">
          <h2 id="help-heading" className="flex items-center gap-2 font-semibold text-blue-900">
            <HelpCircle aria-hidden="true" className="h-5 w-5" />
            Need help?
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-blue-900/80">
            {TIPS.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
