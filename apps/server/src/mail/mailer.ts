import nodemailer from 'nodemailer';
import type { Queryable } from '../db/db.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The mail adapter. Every message is recorded in the outbox table (with the transport that
 * carried it); SMTP delivers it when SMTP_URL is set, otherwise the outbox log is the delivery.
 */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(q: Queryable, mail: Mail): Promise<void>;
}

export interface Logger {
  info(obj: object, msg: string): void;
}

export function createMailer(options: { smtpUrl: string | null; from: string; logger: Logger }): Mailer {
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    transport: smtp ? 'smtp' : 'outbox',
    async send(q, mail) {
      await q.query('INSERT INTO mail_outbox (to_address, subject, body, transport) VALUES ($1, $2, $3, $4)', [
        mail.to,
        mail.subject,
        mail.text,
        smtp ? 'smtp' : 'outbox',
      ]);
      if (smtp) {
        await smtp.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      } else {
        options.logger.info({ to: mail.to, subject: mail.subject }, `mail (outbox): ${mail.text}`);
      }
    },
  };
}
