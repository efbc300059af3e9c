import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';

interface Props {
  point: { _id: string; Name: string } | null;
  onClose: () => void;
  /** Sends the trimmed name; resolves when the server accepted it. */
  rename: (pointId: string, name: string) => Promise<unknown>;
  onRenamed?: () => void;
  /** more to change on the point, under the name (its lines) */
  children?: ReactNode;
}

const serverMessage = (err: ApiError) => {
  const m = (err.body as { message?: unknown } | undefined)?.message;
  return typeof m === 'string' && m ? m : undefined;
};

/**
 * 'Modify the Point': the name is trimmed and may not be empty. The dialog closes after the answer, whatever it is;
 * a refusal says 'Failed to rename point' (the server refused) or 'Error renaming point: {message}' (the call failed).
 * A name another point has (409) is the exception: the dialog stays open on the server's reason, to type another.
 */
export function RenamePointDialog({ point, onClose, rename, onRenamed, children }: Props) {
  return point ? (
    <RenameForm key={point._id} point={point} onClose={onClose} rename={rename} onRenamed={onRenamed}>
      {children}
    </RenameForm>
  ) : null;
}

function RenameForm({ point, onClose, rename, onRenamed, children }: Props & { point: { _id: string; Name: string } }) {
  const [name, setName] = useState(point.Name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Name cannot be empty');
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await rename(point._id, trimmed);
      toast.success('Point renamed successfully');
      onRenamed?.();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && serverMessage(err)) {
        setError(serverMessage(err)!);
        setBusy(false);
        input.current?.focus();
        return;
      }
      toast.error(err instanceof ApiError && err.status > 0 ? serverMessage(err) ?? 'Failed to rename point' : `Error renaming point: ${(err as Error).message}`);
    }
    onClose();
  };

  return (
    <Modal
      open
      title="Modify the Point"
      onClose={onClose}
      initialFocus={input}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Discard
          </button>
          <button type="submit" form="rename-point" className="btn-primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save Changes'}
          </button>
        </>
      }
    >
      <form id="rename-point" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="point-name" className="label">
          Enter a new name
        </label>
        <input
          id="point-name"
          ref={input}
          className="input"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'point-name-error' : undefined}
          maxLength={200}
        />
        {error && (
          <p id="point-name-error" role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
      {children}
    </Modal>
  );
}
