// Lets sagas navigate: NavigationBridge (inside the router) registers react-router's navigate here.
export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let current: NavigateFn | null = null;

export function setNavigator(fn: NavigateFn | null): void {
  current = fn;
}

export function navigate(to: string, options?: { replace?: boolean }): void {
  if (current) current(to, options);
  // Before the router mounts there is nothing to keep: a full page load is correct.
  else if (typeof window !== 'undefined') window.location.assign(to);
}

export const currentPath = (): string => (typeof window === 'undefined' ? '' : window.location.pathname);
