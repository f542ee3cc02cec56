import './connection-problem.css';

interface ConnectionProblemProps {
  /** The api-client's no-answer message (lost connection or no answer in time). */
  message: string;
  /** Sends again what the visitor entered; the form around it keeps every field. */
  onRetry: () => void;
  busy?: boolean;
}

/**
 * Shown in place of the failure screen when a send got no answer
 * (docs/decisions/0051-keep-what-the-visitor-did.md): the reason, and a retry beside the form.
 */
export function ConnectionProblem({ message, onRetry, busy = false }: ConnectionProblemProps) {
  return (
    <div className="connection-problem">
      <p role="alert">{message}</p>
      <button type="button" className="button button--primary" disabled={busy} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
