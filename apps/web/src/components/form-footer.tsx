/** The end of a settings form: its error (announced) and its submit button on the right, busy while it saves. */
export function FormFooter({ error, busy, label, busyLabel }: { error: string | null; busy: boolean; label: string; busyLabel: string }) {
  return (
    <>
      {error && (
        <p role="alert" className="error-box">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
