// Task progress bars from task:progress: numbers done out of all, dialed, connected, in progress.
// The task the auto-rotation shows is marked.
import { Card, H5, ProgressBar, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { taskDoneShare, type WallTask } from '../../../../../domain/wallboard';

export function TaskBars({ tasks, focusTask }: { tasks: WallTask[]; focusTask: number | null }) {
  const { t } = useTranslation('wallboard');
  return (
    <Card className="cp-wall-panel" data-testid="wall-tasks">
      <H5>{t('tasks.title')}</H5>
      {tasks.length === 0 && <p className="cp-wall-empty">{t('tasks.none')}</p>}
      {tasks.map((task) => {
        const share = taskDoneShare(task.progress);
        const p = task.progress;
        return (
          <div
            key={task.id}
            className={`cp-wall-task${focusTask === task.id ? ' is-focused' : ''}`}
            data-testid="wall-task"
            data-task={task.id}
            data-focused={focusTask === task.id}
          >
            <div className="cp-wall-task-head">
              <span>{task.name ?? t('groups.task', { id: task.id })}</span>
              <span className="cp-wall-muted">
                {share === null ? t('tasks.unknown') : `${Math.round(share * 100)}%`}
              </span>
            </div>
            <ProgressBar value={share ?? 0} intent={Intent.PRIMARY} stripes={false} animate={false} />
            {p && (
              <div className="cp-wall-muted">
                {t('tasks.figures', {
                  dialed: p.dialed,
                  connected: p.connected,
                  inProgress: p.inProgress,
                  remaining: p.remaining,
                })}
              </div>
            )}
          </div>
        );
      })}
    </Card>
  );
}
