import { useState, type FormEvent } from 'react';
import { Crosshair, MapPin } from 'lucide-react';
import { toast } from 'react-toastify';
import { AUTO_MODE_LOCATION_MESSAGE, type BaseMode } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { errorMessage } from '../../../lib/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { setBaseLocationRecomputing, setBaseMode, useStoreProject } from '../api/project-changes';
import type { Project } from '../api/projects';
import { AutoFixSection } from './auto-fix-section';

export const INVALID_POSITION_MESSAGE = 'Please enter valid latitude and longitude values.';

const asText = (n: number | null) => (n === null ? '' : String(n));

/** Known Position / Auto Fix, and the known base coordinates. */
export function PositioningModePanel({ project, sendLocation = setBaseLocationRecomputing }: { project: Project; sendLocation?: typeof setBaseLocationRecomputing }) {
  const store = useStoreProject();
  const [mode, setMode] = useState<BaseMode>(project.BaseMode);
  const [lat, setLat] = useState(asText(project.BaseLatitude));
  const [lon, setLon] = useState(asText(project.BaseLongitude));
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recomputed, setRecomputed] = useState<string | null>(null);
  const client = useQueryClient();
  // the project changed under the panel (a save here, Auto Fix, another tab): its fields follow it, the message stays
  const [shown, setShown] = useState({ mode: project.BaseMode, lat: project.BaseLatitude, lon: project.BaseLongitude });
  if (shown.mode !== project.BaseMode || shown.lat !== project.BaseLatitude || shown.lon !== project.BaseLongitude) {
    setShown({ mode: project.BaseMode, lat: project.BaseLatitude, lon: project.BaseLongitude });
    setMode(project.BaseMode);
    setLat(asText(project.BaseLatitude));
    setLon(asText(project.BaseLongitude));
  }

  const chooseAuto = async () => {
    setMode('auto');
    setLat('');
    setLon('');
    setAlert(null);
    try {
      store(await setBaseMode(project._id, 'auto'));
      toast.success('Project base mode updated successfully');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update project base mode'));
    }
  };

  // Known only changes the local choice until coordinates are saved
  const chooseKnown = () => {
    setMode('known');
    setAlert(null);
  };

  const update = async (e: FormEvent) => {
    e.preventDefault();
    if (mode !== 'known') return setAlert(AUTO_MODE_LOCATION_MESSAGE);
    const latitude = Number(lat);
    const longitude = Number(lon);
    if (!lat.trim() || !lon.trim() || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return setAlert(INVALID_POSITION_MESSAGE);
    setAlert(null);
    setRecomputed(null);
    setBusy(true);
    try {
      const reply = await sendLocation(project._id, latitude, longitude);
      store(reply.project);
      toast.success('Project base locations updated successfully');
      // the points of the base setup moved with it; the map and the taken points read them again
      // the survey map takes the known base's height from the setup in force
      void client.invalidateQueries({ queryKey: ['base-setups', project._id] });
      if (reply.recomputed) {
        setRecomputed(reply.recomputed.Message);
        void client.invalidateQueries({ queryKey: ['points'] });
      }
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update project base locations'));
    } finally {
      setBusy(false);
    }
  };

  const option = (value: BaseMode, label: string, Icon: typeof MapPin, onPick: () => void) => (
    <button
      type="button"
      role="radio"
      aria-checked={mode === value}
      onClick={() => mode !== value && onPick()}
      className={`flex min-h-11 flex-1 items-center justify-center gap-2 rounded-md px-3 text-sm font-semibold transition-colors ${
        mode === value ? 'bg-brand-600 text-white shadow-sm' : 'text-slate-600 hover:text-slate-900'
      }`}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {label}
    </button>
  );

  return (
    <Panel title="Positioning Mode">
      <form onSubmit={(e) => void update(e)} className="flex flex-col gap-4" noValidate>
        <div role="radiogroup" aria-label="Base position mode" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {option('known', 'Known Position', MapPin, chooseKnown)}
          {option('auto', 'Auto Fix', Crosshair, () => void chooseAuto())}
        </div>
        <p className="text-sm text-slate-500">
          {mode === 'known'
            ? "Points are placed from the base's broadcast position (RTCM 1005/1006) moved to the position below; without one, by how far the live base is from it."
            : 'The base position comes from the base station itself.'}
        </p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <label>
            <span className="label">Latitude</span>
            <input className="input" inputMode="decimal" value={lat} onChange={(e) => setLat(e.target.value)} disabled={mode !== 'known'} placeholder="e.g. 6.615000" />
          </label>
          <label>
            <span className="label">Longitude</span>
            <input className="input" inputMode="decimal" value={lon} onChange={(e) => setLon(e.target.value)} disabled={mode !== 'known'} placeholder="e.g. 79.968074" />
          </label>
        </div>
        {alert && (
          <p role="alert" className="error-box">
            {alert}
          </p>
        )}
        {recomputed && (
          <p role="status" className="text-sm text-emerald-700">
            {recomputed}
          </p>
        )}
        <div>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Updating...' : 'Update Base Position'}
          </button>
        </div>
      </form>
      {mode === 'auto' && project.BaseStation && <AutoFixSection projectId={project._id} />}
    </Panel>
  );
}
