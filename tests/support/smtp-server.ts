/**
 * A small SMTP server (RFC 5321 without extensions) that keeps every message it accepts, so tests
 * can check what the product sends by e-mail over a real SMTP connection.
 */
import { createServer, type Socket } from "node:net";

export type ReceivedMail = { from: string; to: string[]; data: string };

export type SmtpServer = { url: string; messages: ReceivedMail[]; close(): Promise<void> };

function serve(socket: Socket, messages: ReceivedMail[]): void {
  let buffer = "";
  let inData = false;
  let mail: ReceivedMail = { from: "", to: [], data: "" };
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply("220 localhost ESMTP test");
  socket.on("data", (chunk) => {
    buffer += chunk.toString("utf8");
    let end = buffer.indexOf("\r\n");
    while (end >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (inData) {
        if (line === ".") {
          inData = false;
          messages.push(mail);
          mail = { from: "", to: [], data: "" };
          reply("250 OK: queued");
        } else {
          mail.data += `${line.startsWith("..") ? line.slice(1) : line}\n`;
        }
      } else {
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 localhost");
        else if (verb === "MAIL") {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply("250 OK");
        } else if (verb === "RCPT") {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "RSET") {
          mail = { from: "", to: [], data: "" };
          reply("250 OK");
        } else if (verb === "NOOP") reply("250 OK");
        else if (verb === "QUIT") {
          reply("221 Bye");
          socket.end();
        } else reply("502 Command not implemented");
      }
      end = buffer.indexOf("\r\n");
    }
  });
  socket.on("error", () => socket.destroy());
}

export async function startSmtpServer(): Promise<SmtpServer> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    serve(socket, messages);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
