// Outgoing mail goes through a queue: replies don't wait on SMTP (and so take the same time whether
// or not a mail is sent), and a failed send is retried.
import nodemailer from 'nodemailer';
import type Queue from 'bull';
import type { Config } from '../../../config';
import { log } from '../../../platform/log';
import { stoppedProcessing } from '../../../platform/queue';

export interface MailJob {
  to: string;
  subject: string;
  text: string;
}

export function enqueueMail(queue: Queue.Queue<MailJob>, job: MailJob) {
  return queue.add(job, { attempts: 5, backoff: { type: 'exponential', delay: 2000 } });
}

export function processMail(queue: Queue.Queue<MailJob>, config: Config): void {
  const transport = nodemailer.createTransport({
    host: config.smtp.host,
    port: config.smtp.port,
    secure: config.smtp.secure,
    auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.pass } : undefined,
    // Local test servers have no certificate; production SMTP should use secure: true.
    tls: { rejectUnauthorized: config.env === 'production' },
  });
  queue
    .process(async (job) => {
      await transport.sendMail({
        from: config.smtp.from,
        to: job.data.to,
        subject: job.data.subject,
        text: job.data.text,
      });
      log.info('mail sent', { to: job.data.to, subject: job.data.subject });
    })
    .catch(stoppedProcessing(queue));
}
