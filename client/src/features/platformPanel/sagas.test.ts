import { call, put, take } from 'redux-saga/effects';
import { rooms } from '../../../../domain/events';
import { api, ApiError } from '../../api';
import { socketActions } from '../../socket/actions';
import { joinRooms, leaveRoom, type SocketEmitter } from '../../socket/rooms';
import { joinAndLoad, loadPanelSaga, watchPanel } from './sagas';
import { platformPanelActions as P } from './slice';

jest.mock('../../app/env', () => ({ API_BASE: '' }));

const socket = {} as SocketEmitter;

describe('loadPanelSaga', () => {
  it('loads the snapshot, or records why not', () => {
    const g = loadPanelSaga();
    expect(g.next().value).toEqual(call(api.get, '/api/platform/panel'));
    const s = { lowBalances: [] } as never;
    expect(g.next(s).value).toEqual(put(P.snapshotLoaded(s)));
    const f = loadPanelSaga();
    f.next();
    expect(f.throw(new ApiError('Forbidden', 403, 'envelope')).value).toEqual(
      put(P.snapshotFailed('Forbidden')),
    );
  });
});

describe('joinAndLoad', () => {
  it('joins the platform room before the snapshot, and says when the room was refused', () => {
    const g = joinAndLoad(socket);
    expect(g.next().value).toEqual(put(P.liveChanged('joining')));
    expect(g.next().value).toEqual(call(joinRooms, socket, [rooms.platform]));
    expect(g.next(1).value).toEqual(put(P.liveChanged('on')));
    expect(g.next().value).toEqual(put(P.snapshotRequested()));
    const refused = joinAndLoad(socket);
    refused.next();
    refused.next();
    expect(refused.next(0).value).toEqual(put(P.liveChanged('failed')));
  });
});

describe('watchPanel', () => {
  it('joins again and reloads after a reconnection, and leaves the room when the page closes', () => {
    const g = watchPanel(socket);
    expect(g.next().value).toEqual(call(joinAndLoad, socket));
    expect(g.next().value).toEqual(take(socketActions.connected.type));
    expect(g.next(socketActions.connected()).value).toEqual(call(joinAndLoad, socket));
    g.next();
    expect(g.return(undefined).value).toEqual(call(leaveRoom, socket, rooms.platform));
  });
});
