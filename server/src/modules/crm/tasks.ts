// Background work of the customer center, started with the server's processors.
import type { Deps } from '../../deps';

// Work in progress (issue 3): reminders falling due, automatic release to the sea, imports.
export async function startCrmTasks(_deps: Deps): Promise<void> {}
