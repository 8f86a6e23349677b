// A reader's file fault becomes a message key with its parameters (the upload's refusal, worded in
// the request's language by the envelope); the fault's own `said` key picks the key.
import { faultProblem } from './fileProblem';
import { FileFaultError, ReaderCapError } from './sheets/types';

it('maps a said fault, a reader cap and anything else', () => {
  const said = new FileFaultError('the file has more than 5 data rows', {
    key: 'tooManyRows',
    params: { max: 5 },
  });
  expect(faultProblem(said)).toEqual({ key: 'upload.tooManyRows', vars: { max: 5 } });
  expect(faultProblem(new FileFaultError('none', { key: 'noRows' }))).toEqual({
    key: 'upload.noRows',
    vars: {},
  });
  expect(faultProblem(new ReaderCapError('memory', 256))).toEqual({
    key: 'upload.memory',
    vars: { mb: 256 },
  });
  expect(faultProblem(new ReaderCapError('time', 60))).toEqual({ key: 'upload.slow', vars: { s: 60 } });
  expect(faultProblem(new FileFaultError('odd'))).toEqual({
    key: 'upload.unreadable',
    vars: { reason: 'odd' },
  });
});
