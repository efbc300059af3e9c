import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * With an SMTP URL, mail goes out over SMTP. Without one (a newcomer offline), each message is written to
 * <outboxDir>/<time>-<to>.eml and its text is logged, so the code can be read from the terminal.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      mkdirSync(opts.outboxDir, { recursive: true, mode: 0o700 });
      const file = join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^\w@.-]/g, '_')}.eml`);
      // the codes in it are live: for this user only, whatever the umask
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      opts.log.info({ to: mail.to, subject: mail.subject, file, text: mail.text }, 'mail written to outbox (no SMTP_URL)');
    },
  };
}

export const mails = {
  registrationAttempt: (to: string, name: string): Mail => ({
    to,
    subject: 'Someone tried to sign up with your e-mail',
    text: `Hello ${name},\n\nSomeone tried to create a Site Measurement IoT account with this e-mail address, which already has one. Nothing was changed.\nIf it was you, log in, or reset your password from the login screen. If not, you can ignore this message.\n\nSite Measurement IoT`,
  }),
  verify: (to: string, name: string, code: string): Mail => ({
    to,
    subject: 'Your Site Measurement IoT verification code',
    text: `Hello ${name},\n\nYour verification code is ${code}.\nIt is valid for 10 minutes.\n\nSite Measurement IoT`,
  }),
  unlock: (to: string, code: string, address: string): Mail => ({
    to,
    subject: 'Your Site Measurement IoT unlock code',
    text: `Logins to your account are held back after too many wrong passwords from places it was never used from. Someone asked for a code to log in anyway, from the address ${address}.\n\nYour unlock code is ${code}.\nIt is valid for 10 minutes. Enter it on the login screen where you want to log in. If it was not you, ignore this message, and consider changing your password.\n\nSite Measurement IoT`,
  }),
  reset: (to: string, code: string): Mail => ({
    to,
    subject: 'Your Site Measurement IoT password reset code',
    text: `Your password reset code is ${code}.\nIt is valid for 10 minutes. If you did not ask for it, ignore this message.\n\nSite Measurement IoT`,
  }),
};
