import type { FsNodeDto, SipLineDto } from '../../../../domain/telephony-config';
import { initialTelephonyState, telephonyActions as T, telephonyReducer as reduce } from './slice';

const line = (id: number, over: Partial<SipLineDto> = {}): SipLineDto => ({
  id,
  name: `l${id}`,
  serverIp: '10.0.0.1',
  port: 5060,
  account: 'acct01',
  passwordSet: true,
  callerNumber: '',
  prefix: '',
  codec: 'PCMA',
  sendRate: '5/1',
  rateCount: 5,
  rateSeconds: 1,
  portCount: 10,
  mode: 'gateway',
  enabled: true,
  dids: [],
  ownerId: 1,
  ownerAccount: 'm',
  owned: true,
  assignedTo: [],
  updatedAt: '2026-11-22T00:00:00.000Z',
  fault: null,
  ...over,
});

it('adds a saved line, replaces an edited one and closes the editor', () => {
  let s = reduce(initialTelephonyState, T.linesLoaded([line(1)]));
  s = reduce(s, T.editorOpened({ kind: 'line', id: null }));
  s = reduce(s, T.saveRequested({ kind: 'line', id: null, input: {} as never }));
  expect(s.editor.saving).toBe(true);
  s = reduce(s, T.saved({ kind: 'line', item: line(2) }));
  expect(s.lines.items.map((l) => l.id)).toEqual([1, 2]);
  expect(s.editor.kind).toBeNull();
  s = reduce(s, T.lineUpdated(line(1, { enabled: false })));
  expect(s.lines.items[0]!.enabled).toBe(false);
});

it('keeps the form open with the server field errors on failure', () => {
  let s = reduce(initialTelephonyState, T.editorOpened({ kind: 'line', id: null }));
  s = reduce(s, T.saveFailed({ message: 'bad', fieldErrors: { name: '名称已存在' } }));
  expect(s.editor).toMatchObject({
    kind: 'line',
    saving: false,
    formError: 'bad',
    serverErrors: { name: '名称已存在' },
  });
});

it('applies live fs:status to the node it names only', () => {
  const node = { id: 3, name: 'fs', status: null } as FsNodeDto;
  let s = reduce(initialTelephonyState, T.nodesLoaded([node, { ...node, id: 4 }]));
  const status = { connected: true, channels: 2, sps: 1, lastError: null, updatedAt: 'x' };
  s = reduce(s, T.fsStatusReceived({ nodeId: 3, status }));
  expect(s.nodes.items.map((n) => n.status)).toEqual([status, null]);
  s = reduce(s, T.fsStatusReceived({ nodeId: 99, status }));
  expect(s.nodes.items[1]!.status).toBeNull();
});

it('removes a deleted row', () => {
  let s = reduce(initialTelephonyState, T.linesLoaded([line(1), line(2)]));
  s = reduce(s, T.deleteOpened({ kind: 'line', id: 1 }));
  s = reduce(s, T.deleted({ kind: 'line', id: 1 }));
  expect(s.lines.items.map((l) => l.id)).toEqual([2]);
  expect(s.deleting.kind).toBeNull();
});
