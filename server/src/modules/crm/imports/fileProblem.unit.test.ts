// A parser's file fault becomes a message key with its parameters (the upload's refusal, worded in
// the request's language by the envelope); the import job's own `said` key picks the key.
import { translate } from '../../../../../domain/messages';
import { problemOf } from './fileProblem';
import { FileFaultError, ReaderCapError } from '../../../files/sheets/types';
import { NoPhoneColumnError } from './parsers/types';

it('maps a missing phone column, and every other fault as files/fileProblem.ts does', () => {
  const said = new FileFaultError('the file has more than 5 data rows', {
    key: 'tooManyRows',
    params: { max: 5 },
  });
  expect(problemOf(said)).toEqual({ key: 'upload.tooManyRows', vars: { max: 5 } });
  const noPhone = problemOf(new NoPhoneColumnError(['姓名', ' ', '地址']));
  expect(noPhone).toMatchObject({ key: 'upload.noPhoneColumn', vars: { found: '姓名, 地址' } });
  expect(translate('zh-CN', noPhone.key, noPhone.vars)).toMatch(
    /^表头中没有号码列（找到的表头：姓名, 地址）。/,
  );
  expect(translate('en', noPhone.key, noPhone.vars)).toMatch(
    /^No phone column in the header row \(found: 姓名, 地址\)\./,
  );
  expect(problemOf(new NoPhoneColumnError([]))).toMatchObject({ vars: { found: '—' } });
  expect(problemOf(new ReaderCapError('memory', 256))).toEqual({ key: 'upload.memory', vars: { mb: 256 } });
  expect(problemOf(new ReaderCapError('time', 60))).toEqual({ key: 'upload.slow', vars: { s: 60 } });
  expect(problemOf(new FileFaultError('odd'))).toEqual({
    key: 'upload.unreadable',
    vars: { reason: 'odd' },
  });
});
