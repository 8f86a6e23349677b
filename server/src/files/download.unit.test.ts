// A download's name: the UTF-8 name in filename*, an ASCII stand-in in filename.
import { filenameOf } from '../../../client/src/api/contentDisposition';
import { attachment } from './download';

it('names the file in UTF-8 with an ASCII stand-in, as the client reads it back', () => {
  const h = attachment('客户导出 2026.xlsx');
  expect(h).toBe(
    `attachment; filename="_____2026.xlsx"; filename*=UTF-8''%E5%AE%A2%E6%88%B7%E5%AF%BC%E5%87%BA%202026.xlsx`,
  );
  expect(filenameOf(h)).toBe('客户导出 2026.xlsx');
  expect(attachment('calls-1.csv')).toBe(`attachment; filename="calls-1.csv"; filename*=UTF-8''calls-1.csv`);
});
