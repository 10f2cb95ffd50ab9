import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { RouterContextProvider } from "react-router";
import { sendWhole, takesWhole } from "./whole-body.ts";

/**
 * Express to React Router: the request as a fetch Request, handed to the request handler of the
 * same React Router copy that made the context (under `npm run dev` Vite loads its own copy, and
 * @react-router/express's handler, from another, refused our RouterContextProvider as "Invalid
 * `context` value"), and the answer written back. Bodies of forms are checked on the way (below).
 */
export function reactRouterHandler(
  handle: (request: Request, context: RouterContextProvider) => Promise<Response>,
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider,
) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const body = await requestBody(req);
      if (isRefused(body)) {
        res.status(body.status).type("text/plain").set("Cache-Control", "no-store");
        return void res.send(`${body.message}\n`);
      }
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = new Request(`http://${req.headers.host ?? "localhost"}${req.originalUrl}`, {
        method: req.method,
        headers: requestHeaders(req),
        signal: controller.signal,
        ...(body ? { body, duplex: "half" } : {}),
      } as RequestInit);
      await send(req, res, await handle(request, getLoadContext(req, res)));
    } catch (err) {
      next(err);
    }
  };
}

function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

async function send(req: ExpressRequest, res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) return void (await response.body?.cancel());
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) return void res.end();
  // A page is one whole body (entry.server.tsx waits for all of it): compressed in one call.
  const length = Number(response.headers.get("content-length") ?? NaN);
  if (length >= 0 && takesWhole(length, response.headers.get("content-type")))
    return sendWhole(req, res, Buffer.from(await response.arrayBuffer()));
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (err) {
    if (!(res.destroyed || res.writableEnded)) throw err;
  }
}

interface Refused {
  refused: true;
  status: 400 | 415;
  message: string;
}

const isRefused = (body: unknown): body is Refused =>
  typeof body === "object" && body !== null && "refused" in body;

const refused = (status: Refused["status"], message: string): Refused => ({
  refused: true,
  status,
  message,
});

/**
 * Routes that read their own body, or none: better-auth's API, the push subscriptions and My
 * exams' server copies (JSON), uploads (multipart, read in bounded chunks as they arrive; a
 * notification PDF starting an add form; a CSV import, streamed) and the one-click unsubscribe (its
 * token is in the address). They answer a body they cannot read themselves, with 400. Every
 * other route with an action takes a form, and its body is checked here first.
 */
const OWN_BODY =
  /^\/(?:api\/auth\/|alerts\/push$|alerts\/unsubscribe\/one-click$|admin\/files$|admin\/notice-import$|admin\/manage-[a-z-]+\/import\/upload$|my\/(?:reminders|calendar)$)/;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The body React Router is to be given. A route that takes a form is given only a form it can
 * read: anything else (JSON, text, no type, multipart without its boundary or cut off) is
 * refused here with 415 or 400, where each action's `request.formData()` used to throw (a 500 and
 * a stack trace in the log). The body is at most 1 MB (request-log.ts refuses more unread).
 */
async function requestBody(
  req: ExpressRequest,
): Promise<Buffer | ReadableStream | Refused | undefined> {
  if (req.method === "GET" || req.method === "HEAD") return undefined;
  if (OWN_BODY.test(req.path)) return createReadableStreamFromReadable(req);
  const contentType = req.headers["content-type"] ?? "";
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.has(type)) {
    // Nothing will read it; a body left unread would stall the connection.
    req.resume();
    return refused(
      415,
      "Unsupported Media Type: send the form as application/x-www-form-urlencoded or multipart/form-data.",
    );
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  if (type === "multipart/form-data") {
    try {
      await new Response(body, { headers: { "content-type": contentType } }).formData();
    } catch {
      return refused(400, "Bad Request: the form's multipart body could not be read.");
    }
  }
  return body;
}
