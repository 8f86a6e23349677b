import { joinRooms, leaveRoom, type SocketEmitter } from './rooms';

describe('joinRooms', () => {
  it('asks for each room and counts the granted ones (a refusal or no ack in time: not)', async () => {
    const emitWithAck = jest.fn((_ev: string, req: { room: string }) =>
      req.room === 'bad'
        ? Promise.reject(new Error('timeout'))
        : Promise.resolve({ code: req.room === 'no' ? 404 : 200 }),
    );
    const socket = { timeout: jest.fn(() => ({ emitWithAck })) } as unknown as SocketEmitter;
    expect(await joinRooms(socket, ['account:1', 'no', 'bad', 'call:b'])).toBe(2);
    expect(emitWithAck).toHaveBeenCalledWith('room:join', { room: 'account:1' });
    expect(await joinRooms(socket, [])).toBe(0);
  });
});

it('asks the server to leave a room', () => {
  const emit = jest.fn();
  leaveRoom({ emit } as never, 'call:u1');
  expect(emit).toHaveBeenCalledWith('room:leave', { room: 'call:u1' }, expect.any(Function));
});
