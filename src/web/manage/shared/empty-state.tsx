import type { ReactNode } from 'react';

/** A list with nothing in it yet: what that means, and what the owner can do next. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="manage-empty">
      <p className="manage-empty__title">{title}</p>
      {children && <p className="manage-empty__text">{children}</p>}
      {action && <p className="manage-empty__action">{action}</p>}
    </div>
  );
}
