// Where a platform-made notice leads, from its keys and params (never from its text): a notice about a
// task opens the task (the task page, its drawer), a finished export downloads its file, a finished
// import downloads its report, a failed import opens the customer page where its entry says why.
// Only whole positive ids from params make a path: nothing a param holds becomes markup or a URL of
// its own. A person's notice (no key) and a notice without the id lead nowhere.
import type { NoticeDto } from '../../../../domain/api';
import { menuPath } from '../../../../domain/menus';
import { isNoticeKey } from '../../../../domain/notices';
import { TASK_MENU } from '../../../../domain/tasks';

export type NoticeLink =
  /** A page of the app, through the router; `taskId`: the task whose drawer opens there. */
  | { kind: 'route'; to: string; labelKey: 'task' | 'imports'; taskId?: number }
  /** A file of the API, downloaded with the session (api.download). */
  | { kind: 'file'; path: string; labelKey: 'file' | 'report'; fileName: string | null };

type Linked = Pick<NoticeDto, 'titleKey' | 'bodyKey' | 'params'>;

/** A param that is a whole positive id (a number, or digits as text), else null. */
export function idParam(params: NoticeDto['params'], name: string): number | null {
  const v = params?.[name];
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

const fileName = (params: NoticeDto['params']): string | null =>
  typeof params?.file === 'string' && params.file !== '' ? params.file : null;

/** The page that shows tasks for the viewer's menus: single tasks, else multi tasks, else none. */
export function taskPage(menus: readonly string[]): string | null {
  const key = [TASK_MENU.single, TASK_MENU.multi].find((m) => menus.includes(m));
  return key ? menuPath(key) : null;
}

export function noticeLink(n: Linked, menus: readonly string[]): NoticeLink | null {
  if (!isNoticeKey(n.titleKey)) return null;
  const p = n.params;
  const exportId = idParam(p, 'exportId');
  if (exportId !== null && n.bodyKey === 'exportReady.customersBody')
    return {
      kind: 'file',
      path: `/api/crm/exports/${exportId}/file`,
      labelKey: 'file',
      fileName: fileName(p),
    };
  if (exportId !== null && n.bodyKey === 'exportReady.callsBody')
    return {
      kind: 'file',
      path: `/api/callrecords/exports/${exportId}/file`,
      labelKey: 'file',
      fileName: fileName(p),
    };
  const importJobId = idParam(p, 'importJobId');
  if (importJobId !== null && n.titleKey === 'importDone.title')
    return {
      kind: 'file',
      path: `/api/crm/imports/${importJobId}/report`,
      labelKey: 'report',
      fileName: `import-${importJobId}-report.csv`,
    };
  if (importJobId !== null && n.titleKey === 'importFailed.title' && menus.includes('crm/mycustomer'))
    return { kind: 'route', to: menuPath('crm/mycustomer'), labelKey: 'imports' };
  const taskId = idParam(p, 'taskId');
  const tasks = taskPage(menus);
  if (taskId !== null && tasks) return { kind: 'route', to: tasks, labelKey: 'task', taskId };
  return null;
}
