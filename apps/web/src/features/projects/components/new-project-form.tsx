import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Cpu } from 'lucide-react';
import { deviceEndpoints, type DeviceView } from '@smi/contracts';
import { errorMessage } from '../../../lib/api-client';
import type { Can } from '../../../lib/can';
import { paths } from '../../../lib/paths';
import { createProject } from '../api/project-changes';
import type { Project } from '../api/projects';

interface Props {
  userId: string;
  baseStations: DeviceView[] | undefined;
  clientDevices: DeviceView[] | undefined;
  /** Called with the created project (fetched again by the caller, then the map opens). */
  onCreated: (projectId: string) => Promise<Project | void> | void;
  /** The signed-in user's check: the way to register a device is offered to a role that may register one. */
  can: Can;
}

/** The new project form; no client-side rules: what is chosen is sent as it is. */
export function NewProjectForm({ userId, baseStations, clientDevices, onCreated, can }: Props) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [base, setBase] = useState('');
  const [clients, setClients] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (baseStations && baseStations.length === 0) toast.info('No base stations assigned to this user.', { toastId: 'no-bases' });
  }, [baseStations]);
  useEffect(() => {
    if (clientDevices && clientDevices.length === 0) toast.info('No client devices connected to this user.', { toastId: 'no-clients' });
  }, [clientDevices]);

  const toggle = (id: string) => setClients((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const reply = await createProject({ Name: name, Description: description, BaseStation: base, ClientDevices: clients, UserId: userId });
      const id = reply._id ?? reply.project?._id;
      if (!id) toast.error('Project created, but no project id returned.');
      else await onCreated(id);
    } catch (err) {
      toast.error(`Error creating project: ${errorMessage(err, 'Unknown error')}`);
    } finally {
      setBusy(false);
    }
  };

  const noBases = baseStations !== undefined && baseStations.length === 0;
  const noClients = clientDevices !== undefined && clientDevices.length === 0;
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
      {(noBases || noClients) && (
        // a newcomer has no devices yet: the way forward, not only the two notices
        <div className="flex flex-col gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900 sm:flex-row sm:items-center sm:justify-between" data-testid="needs-devices">
          <span>
            A project needs {noBases && noClients ? 'a base station and at least one rover' : noBases ? 'a base station' : 'at least one rover'}. Register your
            devices first.
          </span>
          {can(deviceEndpoints.registerDevice) && (
            <Link to={paths.registerDevice(userId)} className="btn-primary shrink-0">
              <Cpu aria-hidden="true" className="h-4 w-4" />
              Register New Device
            </Link>
          )}
        </div>
      )}
      <label>
        <span className="label">Project Name</span>
        <input className="input" value={name} onChange={(e) => setName(e.target.value)} placeholder="Enter project name" />
      </label>
      <label>
        <span className="label">Select a Base Station</span>
        <select className="input" value={base} onChange={(e) => setBase(e.target.value)} disabled={noBases}>
          <option value="">{noBases ? 'No base stations available' : 'Select a base station'}</option>
          {baseStations?.map((d) => (
            <option key={d._id} value={d._id}>
              {d.Name} - {d.DeviceCode}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend className="label">Available Client Devices</legend>
        {clientDevices === undefined ? (
          <p className="text-sm text-slate-500">Loading devices...</p>
        ) : clientDevices.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-sm text-slate-500">No client devices available</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {clientDevices.map((d) => (
              <li key={d._id}>
                <label className="flex min-h-12 cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50">
                  <input type="checkbox" className="h-5 w-5 rounded border-slate-300 accent-blue-600" checked={clients.includes(d._id)} onChange={() => toggle(d._id)} />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium text-slate-900">{d.Name}</span>
                    <span className="block truncate text-xs text-slate-500">{d.DeviceCode}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <label>
        <span className="label">Description</span>
        <textarea
          className="input min-h-28 py-2"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="Short description of the project"
        />
      </label>
      <div>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? 'Starting...' : 'Start Survey'}
        </button>
      </div>
    </form>
  );
}
