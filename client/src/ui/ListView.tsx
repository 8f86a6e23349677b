// What a list area shows: a spinner on first load, an empty state without rows, else the table and,
// while there is a next page, its "load more" button.
import { Button, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export function ListView(p: {
  /** Still loading the first page: nothing to show yet. */
  waiting: boolean;
  empty: boolean;
  emptyIcon: IconName;
  emptyText: string;
  emptyTitle?: string;
  emptyTestId: string;
  children: ReactNode;
  /** The next page's button, shown below the table while `more.next` is true. */
  more?: {
    next: boolean;
    text: string;
    loading: boolean;
    onMore(): void;
    testId?: string;
    icon?: IconName;
    /** Minimal (borderless) unless false. */
    minimal?: boolean;
  };
}) {
  if (p.waiting) return <Spinner />;
  if (p.empty)
    // NonIdealState does not pass data-* attributes on: the test id sits on a wrapper.
    return (
      <div data-testid={p.emptyTestId}>
        <NonIdealState icon={p.emptyIcon} title={p.emptyTitle} description={p.emptyText} />
      </div>
    );
  const m = p.more;
  return (
    <>
      {p.children}
      {m?.next && (
        <Button
          minimal={m.minimal ?? true}
          icon={m.icon}
          text={m.text}
          loading={m.loading}
          data-testid={m.testId}
          onClick={m.onMore}
        />
      )}
    </>
  );
}
