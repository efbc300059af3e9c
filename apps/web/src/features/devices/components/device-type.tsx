import { Navigation, RadioTower } from 'lucide-react';

/** Rover or base, with its icon and the word. */
export function DeviceTypeLabel({ type }: { type: string }) {
  const base = type === 'base';
  const Icon = base ? RadioTower : Navigation;
  return (
    <span className="inline-flex items-center gap-1.5 text-slate-700">
      <Icon aria-hidden="true" className={`h-4 w-4 ${base ? 'text-slate-500' : 'text-blue-600'}`} />
      <span className="capitalize">{base ? 'base' : 'rover'}</span>
    </span>
  );
}
