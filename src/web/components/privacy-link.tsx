import { Link } from 'react-router';
import { routeTable } from '@common/routes';

/**
 * A link to the client's privacy notice from a form that collects personal details. It opens in a
 * new tab, so what the visitor has typed (or chosen, in a booking) stays where it is.
 */
export function PrivacyNoticeLink({ children = 'privacy notice' }: { children?: string }) {
  return (
    <Link to={routeTable.privacy} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </Link>
  );
}

/** One line under a form's fields: what the details are for, and where to read more. */
export function PrivacyNote({ purpose }: { purpose: string }) {
  return (
    <p className="form-privacy-note">
      We use these details only {purpose}. Read our <PrivacyNoticeLink /> to see how we look after
      them.
    </p>
  );
}
