// Accounts form a tree; each row's `path` lists the ids from the root down to itself ('/1/2/5/').

/** The ids on an account's path, root first, the account itself last. */
export const pathIds = (path: string): number[] => path.split('/').filter(Boolean).map(Number);
