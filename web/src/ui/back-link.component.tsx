import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from './button.component';

/** "← Back to …": a quiet link whose arrow turns with the reading direction. */
export function BackLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonStyles('ghost', 'md', `-ms-2 ${className ?? ''}`)}>
      <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4 rtl:rotate-180">
        <path
          fillRule="evenodd"
          d="M17 10a.75.75 0 0 1-.75.75H5.6l4.2 3.9a.75.75 0 1 1-1.02 1.1l-5.5-5.1a.75.75 0 0 1 0-1.1l5.5-5.1a.75.75 0 0 1 1.02 1.1l-4.2 3.9h10.65A.75.75 0 0 1 17 10Z"
          clipRule="evenodd"
        />
      </svg>
      {children}
    </Link>
  );
}
