// The child process that reads one uploaded task-number file (numbersFile.ts) under the caps of
// files/cappedChild.ts, answers once and exits. If the parent goes, it goes too.
import { importLimits } from '../crm/imports/limits';
import { readNumbersFile, type NumbersFileReply, type NumbersFileRequest } from './numbersFile';

process.on('disconnect', () => process.exit(1));

process.once('message', (req: NumbersFileRequest) => {
  Object.assign(importLimits, req.limits);
  void readNumbersFile(req.file, req.type).then(
    (reply) => process.send!(reply, () => process.exit(0)),
    (e: unknown) => {
      console.error(`task number file: ${(e as Error).message}`);
      process.exit(1);
    },
  );
});

export type { NumbersFileReply };
