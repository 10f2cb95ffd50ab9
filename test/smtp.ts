import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtp {
  url: string;
  mails: ParsedMail[];
  /** Answer RCPT TO for this address with an SMTP error (e.g. 450 or 550), until cleared. */
  refuse(address: string, code: number | undefined): void;
  /** Wait until `n` mails have arrived in all. */
  received(n: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps every mail it receives, parsed. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  const refused = new Map<string, number>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refused.get(address.address.toLowerCase());
      if (!code) return callback();
      const err = Object.assign(new Error(`Refused by the test server (${code})`), {
        responseCode: code,
      });
      callback(err);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse(address, code) {
      if (code) refused.set(address.toLowerCase(), code);
      else refused.delete(address.toLowerCase());
    },
    async received(n) {
      while (mails.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
