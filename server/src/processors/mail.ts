// The `mail` queue's consumer: sends each mail over SMTP (queues/mail.ts enqueues them; a failed send
// is retried by Bull).
import nodemailer from 'nodemailer';
import type Queue from 'bull';
import type { Config } from '../../../config';
import { log } from '../../../platform/log';
import { stoppedProcessing } from '../../../platform/queue';
import type { MailJob } from '../queues/mail';

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
