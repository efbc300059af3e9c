import { useEffect, useMemo, useRef } from 'react';
import { Camera, ImagePlus, X } from 'lucide-react';
import { PHOTOS_PER_POINT_MAX } from '@smi/contracts';
import { photoSizeProblem } from '../lib/photos';

interface Props {
  files: File[];
  onChange: (files: File[]) => void;
  /** Photos the point has already: the picker takes no more than the point may hold. */
  existing?: number;
  /** A file refused before it is sent (too large): the caller says so. */
  onRefused: (message: string) => void;
}

/**
 * Photos picked for a point before they are saved: take one with the phone's camera (`capture`) or choose files,
 * several at once, each shown as a preview with a button to take it out again. Nothing is sent from here.
 */
export function PhotoPicker({ files, onChange, existing = 0, onRefused }: Props) {
  const camera = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const room = PHOTOS_PER_POINT_MAX - existing - files.length;

  const add = (list: FileList | null) => {
    const picked = [...(list ?? [])];
    const fitting = picked.filter((f) => {
      const problem = photoSizeProblem(f);
      if (problem) onRefused(`${f.name}: ${problem}`);
      return !problem;
    });
    if (fitting.length > room) onRefused(`A point has at most ${PHOTOS_PER_POINT_MAX} photos.`);
    if (fitting.length) onChange([...files, ...fitting.slice(0, Math.max(0, room))]);
  };

  return (
    <div>
      <span className="label">Photos</span>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => camera.current?.click()} disabled={room <= 0}>
          <Camera aria-hidden="true" className="h-4 w-4" />
          Take photo
        </button>
        <button type="button" className="btn-secondary" onClick={() => chooser.current?.click()} disabled={room <= 0}>
          <ImagePlus aria-hidden="true" className="h-4 w-4" />
          Choose files
        </button>
      </div>
      {/* the inputs are reset after each pick, so the same photo can be picked again after it was taken out */}
      <input ref={camera} type="file" accept="image/*" capture="environment" hidden data-testid="photo-camera" onChange={(e) => (add(e.target.files), (e.target.value = ''))} />
      <input ref={chooser} type="file" accept="image/*" multiple hidden data-testid="photo-files" onChange={(e) => (add(e.target.files), (e.target.value = ''))} />
      {files.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Photos to save">
          {files.map((f, i) => (
            <li key={previews[i]} className="relative">
              <img src={previews[i]} alt={f.name} className="h-20 w-20 rounded-lg border border-slate-300 object-cover" />
              <button
                type="button"
                className="absolute -top-2 -right-2 inline-flex h-8 w-8 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-100"
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                aria-label={`Remove photo ${f.name}`}
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
