import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestSmtpServer } from '../support/smtp';
import { startServer } from './server';

/**
 * One production server for the whole run; specs read its address from E2E_BASE_URL. It e-mails
 * enquiries to a real SMTP server on loopback that files each message in E2E_MAIL_DIR; specs read
 * the database in E2E_DATA_DIR.
 */
export default async function globalSetup() {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-mail-'));
  const smtp = await startTestSmtpServer(0, mailDir);
  const server = await startServer({ SMTP_URL: smtp.url, NOTIFY_EMAIL: 'office@northstar.test' });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_MAIL_DIR = mailDir;
  return async () => {
    await server.stop();
    server.remove();
    await smtp.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  };
}
