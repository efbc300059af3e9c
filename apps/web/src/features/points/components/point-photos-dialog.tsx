import { useState } from 'react';
import { ImageOff, Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { photoEndpoints, type PhotoView } from '@smi/contracts';
import { Modal } from '../../../components/modal';
import { PhotoPicker } from '../../../components/photo-picker';
import { errorMessage } from '../../../lib/api-client';
import type { Can } from '../../../lib/can';
import { deletePhoto, uploadPhotos } from '../../../lib/photos';
import type { Point } from '../api/points';

interface Props {
  projectId: string;
  point: Point | null;
  onClose: () => void;
  /** After a photo was added or deleted: the points are read again. */
  onChanged: () => Promise<unknown>;
  /** The signed-in user's check: adding needs record, deleting may change the point (a surveyor: their own). */
  can: Can;
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** A taken point's photos: the strip of thumbnails, a photo full size, more added, one deleted. */
export function PointPhotosDialog({ projectId, point, onClose, onChanged, can }: Props) {
  const [adding, setAdding] = useState<File[]>([]);
  const [viewing, setViewing] = useState<PhotoView | null>(null);
  const [busy, setBusy] = useState(false);
  if (!point) return null;
  const photos = point.Photos ?? [];
  const name = point.Name || 'Unnamed Point';
  const mayAdd = can(photoEndpoints.uploadPhoto);
  const mayDelete = can(photoEndpoints.deletePhoto, point.RecordedBy?.Id ?? null);

  const close = () => {
    setAdding([]);
    setViewing(null);
    onClose();
  };
  const save = async () => {
    setBusy(true);
    try {
      const failed = await uploadPhotos(projectId, point._id, adding);
      for (const message of failed) toast.error(message);
      if (failed.length < adding.length) toast.success(adding.length - failed.length === 1 ? 'Photo added' : `${adding.length - failed.length} photos added`);
      setAdding([]);
      await onChanged();
    } finally {
      setBusy(false);
    }
  };
  const remove = async (photo: PhotoView) => {
    setBusy(true);
    try {
      await deletePhoto(projectId, point._id, photo._id);
      toast.success('Photo deleted');
      setViewing(null);
      await onChanged();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to delete the photo.'));
    } finally {
      setBusy(false);
    }
  };

  if (viewing)
    return (
      <Modal
        open
        title={viewing.FileName}
        onClose={() => setViewing(null)}
        footer={
          <>
            {mayDelete && (
              <button type="button" className="btn-danger" onClick={() => void remove(viewing)} disabled={busy}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Delete
              </button>
            )}
            <button type="button" className="btn-secondary" onClick={() => setViewing(null)}>
              Back
            </button>
          </>
        }
      >
        <img src={viewing.Url} alt={`${viewing.FileName}, photo of ${name}`} className="mx-auto max-h-[60vh] w-auto max-w-full rounded-lg object-contain" data-testid="photo-full" />
        {viewing.ThumbnailProblem && <p className="mt-2 text-sm text-amber-800">{viewing.ThumbnailProblem}</p>}
        <p className="mt-2 text-xs text-slate-600">
          {viewing.Width} × {viewing.Height} px · {sizeText(viewing.Bytes)}
          {viewing.TakenAt && ` · taken ${viewing.TakenAt.replace('T', ' ')}`}
        </p>
      </Modal>
    );

  return (
    <Modal
      open
      title={`Photos of ${name}`}
      onClose={close}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={close}>
            Close
          </button>
          {mayAdd && (
            <button type="button" className="btn-primary" onClick={() => void save()} disabled={busy || adding.length === 0}>
              {busy ? 'Saving...' : adding.length > 1 ? `Add ${adding.length} photos` : 'Add photo'}
            </button>
          )}
        </>
      }
    >
      {photos.length === 0 ? (
        <p className="mb-3 text-sm text-slate-600">No photos of this point yet.</p>
      ) : (
        <ul className="mb-4 flex gap-2 overflow-x-auto pb-2" aria-label={`Photos of ${name}`} data-testid="photo-strip">
          {photos.map((p) => (
            <li key={p._id} className="shrink-0">
              <button type="button" className="block rounded-lg focus-visible:outline-2" onClick={() => setViewing(p)} aria-label={`Open ${p.FileName}`}>
                {p.ThumbnailProblem ? (
                  // kept, flagged (decision 081): the original opens as uploaded; only the preview is missing
                  <span
                    className="flex h-24 w-24 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-slate-400 p-1 text-center text-[11px] leading-tight text-slate-600"
                    title={p.ThumbnailProblem}
                    data-testid="photo-no-preview"
                  >
                    <ImageOff aria-hidden="true" className="h-5 w-5" />
                    No preview
                  </span>
                ) : (
                  <img src={p.ThumbnailUrl} alt={p.FileName} className="h-24 w-24 rounded-lg border border-slate-300 object-cover" loading="lazy" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {mayAdd && <PhotoPicker files={adding} onChange={setAdding} existing={photos.length} onRefused={(m) => toast.error(m)} />}
    </Modal>
  );
}
