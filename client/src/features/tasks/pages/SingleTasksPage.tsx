// /rootmain/dialcenter/singletask: the task page for single tasks.
import { TasksPage } from './TasksPage';

export default function SingleTasksPage() {
  return <TasksPage kind="single" />;
}
