import { Cloud, Navigation, RadioTower } from 'lucide-react';
import { Badge } from '../../../components/badge';
import { Spinner } from '../../../components/spinner';
import { statusTone } from '../../../lib/format';
import type { LiveDevice } from '../live-merge';

interface Props {
  devices: LiveDevice[] | undefined;
  loading: boolean;
  failed: boolean;
}

/** The three home cards: the cloud server, the base station, the rovers. */
export function StatusCards({ devices, loading, failed }: Props) {
  const bases = devices?.filter((d) => d.device.Type === 'base') ?? [];
  const rovers = devices?.filter((d) => d.device.Type === 'rover') ?? [];
  const body = (content: React.ReactNode) =>
    loading ? <Spinner label="Loading devices" /> : failed ? <p className="text-sm text-red-700">Failed to load connected devices</p> : content;

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Card icon={<Cloud aria-hidden="true" className="h-6 w-6" />} title="Cloud Server" accent="bg-emerald-50 text-emerald-600">
        <Badge tone="green">Connected</Badge>
      </Card>
      <Card icon={<RadioTower aria-hidden="true" className="h-6 w-6" />} title="Base Station" accent="bg-slate-100 text-slate-600">
        {body(
          bases.length === 0 ? (
            <p className="text-sm text-slate-500">No base station connected</p>
          ) : (
            <ul className="space-y-1.5">
              {bases.map((b) => (
                <li key={b.device._id} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-mono text-sm font-medium text-slate-900">{b.device.DeviceCode}</span>
                  <Badge tone={statusTone(b.status)}>{b.status.charAt(0).toUpperCase() + b.status.slice(1)}</Badge>
                </li>
              ))}
            </ul>
          ),
        )}
      </Card>
      <Card icon={<Navigation aria-hidden="true" className="h-6 w-6" />} title="Rovers" accent="bg-blue-50 text-blue-600">
        {body(
          <>
            <p className="text-2xl font-semibold text-slate-900">
              {rovers.length} <span className="text-sm font-normal text-slate-500">{rovers.length === 1 ? 'rover' : 'rovers'}</span>
            </p>
            {rovers.length > 0 && (
              <ul className="mt-1 flex flex-wrap gap-1.5">
                {rovers.map((r) => (
                  <li key={r.device._id} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700">
                    {r.device.DeviceCode}
                  </li>
                ))}
              </ul>
            )}
          </>,
        )}
      </Card>
    </div>
  );
}

function Card({ icon, title, accent, children }: { icon: React.ReactNode; title: string; accent: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <span className={`flex h-11 w-11 items-center justify-center rounded-lg ${accent}`}>{icon}</span>
        <h2 className="font-semibold text-slate-900">{title}</h2>
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}
