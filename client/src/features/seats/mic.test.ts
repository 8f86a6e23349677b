import { checkMicrophone, micProblemOf } from './mic';

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('microphone problems', () => {
  it('names what getUserMedia refused with', () => {
    expect(micProblemOf(domError('NotFoundError'))).toBe('notFound');
    expect(micProblemOf(domError('OverconstrainedError'))).toBe('notFound');
    expect(micProblemOf(domError('NotAllowedError'))).toBe('notAllowed');
    expect(micProblemOf(domError('SecurityError'))).toBe('notAllowed');
    expect(micProblemOf(domError('NotReadableError'))).toBe('other');
    expect(micProblemOf('boom')).toBe('other');
    expect(micProblemOf(null)).toBe('other');
  });

  it('resolves (never rejects) with the problem, or null once a microphone opened and closed again', async () => {
    const stop = jest.fn();
    const getUserMedia = jest
      .fn()
      .mockResolvedValueOnce({ getTracks: () => [{ stop }] })
      .mockRejectedValueOnce(domError('NotFoundError'));
    const setDevices = (mediaDevices: unknown) =>
      Object.defineProperty(globalThis, 'navigator', { value: { mediaDevices }, configurable: true });
    setDevices({ getUserMedia });
    await expect(checkMicrophone()).resolves.toBeNull();
    expect(stop).toHaveBeenCalled();
    await expect(checkMicrophone()).resolves.toBe('notFound');
    setDevices(undefined);
    await expect(checkMicrophone()).resolves.toBe('notFound');
  });
});
