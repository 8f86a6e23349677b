// For tests of the socket's sagas: just enough of a socket, its listeners by event name. fire (or
// emit) delivers an event to them as the server would.
type Handler = (arg: never) => void;

export function fakeSocket() {
  const listeners = new Map<string, Set<Handler>>();
  const fire = (ev: string, arg?: unknown) => listeners.get(ev)?.forEach((fn) => fn(arg as never));
  return {
    listeners,
    on: jest.fn((ev: string, fn: Handler) => listeners.set(ev, (listeners.get(ev) ?? new Set()).add(fn))),
    off: jest.fn((ev: string, fn: Handler) => listeners.get(ev)?.delete(fn)),
    fire,
    emit: fire,
    disconnect: jest.fn(),
  };
}
