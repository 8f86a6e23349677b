// /rootmain/dialcenter/multtask: the task page for multi (batch) tasks.
import { TasksPage } from './TasksPage';

export default function MultiTasksPage() {
  return <TasksPage kind="multi" />;
}
