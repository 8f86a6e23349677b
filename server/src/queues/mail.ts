// Outgoing mail goes through a queue: replies don't wait on SMTP (and so take the same time whether
// or not a mail is sent), and a failed send is retried. The consumer that sends: processors/mail.ts.
import type Queue from 'bull';

export interface MailJob {
  to: string;
  subject: string;
  text: string;
}

export function enqueueMail(queue: Queue.Queue<MailJob>, job: MailJob) {
  return queue.add(job, { attempts: 5, backoff: { type: 'exponential', delay: 2000 } });
}
