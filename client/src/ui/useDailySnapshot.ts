// A live page's snapshot covers one local day (dashboard, wallboard): it is loaded again when an event
// of a later day arrives (view.needsReload), or, with no event at all, once local midnight has passed
// (one timer, not polling).
import { useEffect } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { dayStart } from '../../../domain/dashboard';
import { localDay } from '../../../domain/localTime';
import { useAppDispatch } from '../app/hooks';

export function useDailySnapshot(
  view: { needsReload?: boolean; asOf?: string; timeZone?: string } | null,
  loading: boolean,
  reload: () => UnknownAction,
): void {
  const dispatch = useAppDispatch();
  const needsReload = view?.needsReload ?? false;
  useEffect(() => {
    if (needsReload && !loading) dispatch(reload());
  }, [needsReload, loading, dispatch, reload]);

  const asOf = view?.asOf;
  const timeZone = view?.timeZone;
  useEffect(() => {
    if (!asOf || !timeZone) return;
    const next = dayStart(localDay(Date.parse(asOf), timeZone) + 1, timeZone);
    const id = window.setTimeout(
      () => dispatch(reload()),
      Math.min(Math.max(next - Date.now(), 0) + 1000, 2 ** 31 - 1),
    );
    return () => window.clearTimeout(id);
  }, [asOf, timeZone, dispatch, reload]);
}
