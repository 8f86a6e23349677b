// A report page's state: its query (default: the last 7 days, grouped by `by`), loading it on open
// and on every change, the names of the drill-down filters, and the export dialog.
import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { lastDays } from '../format';
import { selectReport, statisticsActions, type ReportKind, type ReportQuery } from '../slice';

export function useReport<K extends ReportKind>(kind: K, by?: string) {
  const dispatch = useAppDispatch();
  const report = useAppSelector(selectReport(kind));
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [exportOpen, setExportOpen] = useState(false);
  const query: ReportQuery = report.query ?? { ...lastDays(7), ...(by ? { by } : {}) };
  const load = useCallback(
    (q: ReportQuery) => dispatch(statisticsActions.requested({ kind, query: q })),
    [dispatch, kind],
  );
  useEffect(() => {
    load(query);
    // Loaded once on open; later loads follow the user's changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  /** Filters by the row's id (a grouped table's row click): `filterKey` e.g. taskId. */
  const drill = (filterKey: string, id: string, label: string) => {
    if (id === '0') return;
    setLabels((l) => ({ ...l, [`${filterKey}:${id}`]: label }));
    load({ ...query, [filterKey]: Number(id), ...(by ? { by } : {}) });
  };
  return { report, query, load, labels, drill, exportOpen, setExportOpen };
}

/** The drill-down filter of a grouping (day has none). */
export const FILTER_OF: Record<string, string | undefined> = {
  task: 'taskId',
  bot: 'botId',
  line: 'lineId',
  account: 'accountId',
};
