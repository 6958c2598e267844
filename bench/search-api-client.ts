/**
 * The search bench's API client: posts searches to the server over HTTP (node:http, one kept-alive
 * connection), one per message, and answers each one's time to its last byte, and its body when
 * asked for. A reader's browser asks the server from outside its process, so the API is timed
 * from outside it too, as rg is timed from a process of its own (rg-runner.ts), and the server's
 * process does the server's work alone: a client in it (the fetch of Node 20) added about half a
 * millisecond of its own to each search. Started before the server, so the server's process never
 * forks while it is timed (rg-runner.ts says why).
 */
import { Agent, request } from "node:http";

export type ApiRequest = { url: string; body: string; answer: boolean };
export type ApiAnswer = { ms: number; status: number; body: string | null } | { error: string };

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(url: string, body: string, answer: boolean): Promise<ApiAnswer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const sent = request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        response.setEncoding("utf8");
        let text = "";
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          const ms = performance.now() - started;
          const status = response.statusCode ?? 0;
          resolve({ ms, status, body: answer || status !== 200 ? text : null });
        });
      },
    );
    sent.on("error", (error) => resolve({ error: error.message }));
    sent.end(body);
  });
}

process.on("message", async (message: ApiRequest) => {
  process.send?.(await post(message.url, message.body, message.answer));
});
