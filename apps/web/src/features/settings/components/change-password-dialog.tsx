import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { LIMITS, type ChangePasswordBody } from '@smi/contracts';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { changePassword } from '../api/settings';

/** Change password, its rules checked before anything is sent. */
export function passwordProblem(b: ChangePasswordBody): string | null {
  if (!b.currentPassword || !b.newPassword || !b.confirmPassword) return 'Please fill every field';
  if (b.newPassword !== b.confirmPassword) return 'Passwords do not match';
  if (b.newPassword.length < LIMITS.passwordMinLength) return `Password must be at least ${LIMITS.passwordMinLength} characters`;
  return null;
}

interface Props {
  open: boolean;
  onClose: () => void;
  send?: (body: ChangePasswordBody) => Promise<unknown>;
}

const EMPTY: ChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** idle -> submitting -> done | failed; the fields are cleared afterwards and a second submit meanwhile is ignored. */
export function ChangePasswordDialog({ open, onClose, send = changePassword }: Props) {
  const [fields, setFields] = useState<ChangePasswordBody>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  const close = () => {
    setFields(EMPTY);
    setError(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return;
    const problem = passwordProblem(fields);
    if (problem) return setError(problem);
    inFlight.current = true;
    setSubmitting(true);
    setError(null);
    try {
      await send(fields);
      toast.success('Password has changed');
      close();
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message || 'Server error' : 'Server error');
    } finally {
      inFlight.current = false;
      setSubmitting(false);
      setFields(EMPTY);
    }
  };

  const field = (key: keyof ChangePasswordBody, label: string, autoComplete: string) => (
    <label className="block">
      <span className="label">{label}</span>
      <input
        className="input"
        type="password"
        autoComplete={autoComplete}
        value={fields[key]}
        onChange={(e) => {
          setFields((f) => ({ ...f, [key]: e.target.value }));
          setError(null);
        }}
      />
    </label>
  );

  return (
    <Modal
      open={open}
      title="Change Password"
      onClose={close}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" form="change-password" className="btn-primary" disabled={submitting}>
            {submitting ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form id="change-password" className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        {field('currentPassword', 'Current password', 'current-password')}
        {field('newPassword', 'New password', 'new-password')}
        {field('confirmPassword', 'Confirm new password', 'new-password')}
        {error && (
          <p role="alert" className="error-box">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
